package emit

import (
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
)

// gitRefOK is git's check_refname_format for "refs/heads/"+name, as
// `git check-ref-format --branch` applies it (refs.c): no component starts
// with '.' or ends with ".lock", no "..", "@{", "//", control characters or
// any of ` ~^:?*[\`, no trailing '/' or '.', not starting with '-', and
// not "HEAD". TestGitRefOKAgreesWithGit checks it against the real git.
func gitRefOK(name string) bool {
	if name == "" || name == "HEAD" || strings.HasPrefix(name, "-") || strings.HasSuffix(name, "/") ||
		strings.HasSuffix(name, ".") || strings.Contains(name, "..") || strings.Contains(name, "@{") {
		return false
	}
	for _, comp := range strings.Split(name, "/") {
		if comp == "" || strings.HasPrefix(comp, ".") || strings.HasSuffix(comp, ".lock") {
			return false
		}
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c < 0x20 || c == 0x7f || strings.IndexByte(" ~^:?*[\\", c) >= 0 {
			return false
		}
	}
	return true
}

// FuzzSlugBranch: a slug is always lowercase ASCII words joined by single
// dashes; whatever CheckBranch or the source-branch check accepts, git
// accepts; a source branch's safe form is empty or passes CheckBranch; and a
// sprint branch built from it and a valid sprint id always passes
// CheckBranch and git's rules, within MaxBranchLen.
//
//	go test ./emit -run '^$' -fuzz '^FuzzSlugBranch$' -fuzztime 1m
func FuzzSlugBranch(f *testing.F) {
	for _, title := range []string{"Integration & Testing", "Café Login", "日本語", "a..b", "x.lock",
		"Frontend Development", "  --Weird__Title--  ", "Ærø Ünïcödé ß", "emoji 🚀 launch", "@{-1}", "HEAD", ""} {
		f.Add("develop", "3a.2b", title)
	}
	f.Add("feature/x", "1.1", "Setup")
	f.Add("release/2.4.0", "1.1", "Setup")
	f.Add("user@host/v1.x", "2a.1", "Setup")
	f.Add("release/2026/q1", "12.10abc", strings.Repeat("long title ", 20))
	f.Fuzz(func(t *testing.T, source, sprintID, title string) {
		s := Slug(title)
		if s != "" {
			if strings.HasPrefix(s, "-") || strings.HasSuffix(s, "-") || strings.Contains(s, "--") {
				t.Fatalf("Slug(%q) = %q: stray dash", title, s)
			}
			for _, r := range s {
				if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
					t.Fatalf("Slug(%q) = %q: holds %q", title, s, r)
				}
			}
		}
		if err := CheckBranch(source); err == nil && !gitRefOK(source) {
			t.Fatalf("CheckBranch accepts %q, which git refuses", source)
		}
		if err := checkGitBranch(source); err == nil && !gitRefOK(source) {
			t.Fatalf("checkGitBranch accepts %q, which git refuses", source)
		}
		stem := SafeBranch(source)
		if stem != "" && CheckBranch(stem) != nil && stem != "HEAD" {
			t.Fatalf("SafeBranch(%q) = %q: %v", source, stem, CheckBranch(stem))
		}
		if CheckBranch(source) == nil && stem != source {
			t.Fatalf("SafeBranch(%q) = %q, but it is safe as it is", source, stem)
		}
		if checkGitBranch(source) != nil || stem == "" || !utf8.ValidString(sprintID) || !sprintIDPattern(sprintID) {
			return
		}
		source = stem
		b := testBranch(t, sourceTemplate, source, sprintID, title)
		if err := CheckBranch(b); err != nil {
			t.Fatalf("branch(%q, %q, %q) = %q: %v", source, sprintID, title, b, err)
		}
		if !gitRefOK(b) {
			t.Fatalf("branch(%q, %q, %q) = %q, which git refuses", source, sprintID, title, b)
		}
		head := source + "-sprints/storefront/" + strings.ReplaceAll(sprintID, ".", "-")
		if len(head) < MaxBranchLen && len(b) > MaxBranchLen {
			t.Fatalf("branch(%q, %q, %q) = %q: %d bytes, over %d", source, sprintID, title, b, len(b), MaxBranchLen)
		}
	})
}

// sprintIDPattern is the contract's sprint id pattern,
// ^[0-9]+[a-z]*\.[0-9]+[a-z]*$.
func sprintIDPattern(id string) bool {
	phase, sprint, ok := strings.Cut(id, ".")
	return ok && digitsLetters(phase) && digitsLetters(sprint)
}

// TestGitRefOKAgreesWithGit checks the fuzz target's model of git's rules,
// and a sample of generated branches, against `git check-ref-format
// --branch` itself.
func TestGitRefOKAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	names := []string{
		"develop", "feature/1-2a-work-bead", "a/b/c", "-x", "x/", "/x", "a//b", "a..b", "a.lock", "a/.b",
		"a/b.lock/c", "a.", "@", "a@{1}", "a@b", "a b", "a~1", "a^", "a:b", "a?", "a*", "a[b", "a\\b",
		"a\x01b", "a\x7fb", ".a", "HEAD", "ä", "a/-b", "_", "a-", "a_b/c-d",
	}
	for _, title := range []string{"Integration & Testing", "Café Login", "日本語", "Ærø Ünïcödé ß",
		"emoji 🚀 launch", strings.Repeat("long title ", 20), "a..b", "x.lock", "--", "@{-1}"} {
		for _, src := range []string{"develop", "feature/x", "release/2026/q1"} {
			names = append(names, testBranch(t, sourceTemplate, src, "3a.2b", title), testBranch(t, sourceTemplate, src, "10.1", title))
		}
	}
	for _, n := range names {
		err := exec.Command("git", "check-ref-format", "--branch", n).Run()
		if got, want := gitRefOK(n), err == nil; got != want {
			t.Errorf("%q: gitRefOK says %v, git says %v", n, got, want)
		}
		if CheckBranch(n) == nil && err != nil {
			t.Errorf("CheckBranch accepts %q, which git refuses", n)
		}
	}
}

// FuzzBranchTemplate: a template ParseBranchTemplate accepts gives, for
// every valid sprint id and any title, a branch that passes CheckBranch and
// git's rules. Whether that branch can live beside its source branch is not
// the template's to promise: a literal part, the plan's name, an id or a slug
// can spell any source ("0/{plan}/{id}" from source 0 is under it), so the
// plan's check reports each such branch at its sprint (TestSourceBranchClash).
//
//	go test ./emit -run '^$' -fuzz '^FuzzBranchTemplate$' -fuzztime 1m
func FuzzBranchTemplate(f *testing.F) {
	for _, tpl := range []string{DefaultBranchTemplate, "feature/{id}-{slug}", "{source}-sprints/{id}", "{slug}/{id}", "x/{id}_{slug}", "{plan}/{slug}/{id}"} {
		f.Add(tpl, "1.2a", "Backend", "main")
		f.Add(tpl, "3a.10bc", "🚀", "release/2-4")
	}
	f.Fuzz(func(t *testing.T, tpl, sprintID, title, source string) {
		bt, err := ParseBranchTemplate(tpl)
		if err != nil || !utf8.ValidString(sprintID) || !sprintIDPattern(sprintID) || CheckBranch(source) != nil {
			return
		}
		b := bt.Branch("storefront", source, sprintID, title)
		if err := CheckBranch(b); err != nil {
			t.Fatalf("template %q, sprint %q %q from %q gives %q: %v", tpl, sprintID, title, source, b, err)
		}
		if !gitRefOK(b) {
			t.Fatalf("template %q gives %q, which git refuses", tpl, b)
		}
	})
}
