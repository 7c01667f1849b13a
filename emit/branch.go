package emit

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"

	"github.com/gosimple/slug"
)

// MaxBranchLen bounds generated branch names; the title slug is cut at a word
// boundary to fit.
const MaxBranchLen = 80

// Slug turns a title into lowercase ASCII words joined by single dashes.
// Accents are transliterated ("Café" gives "cafe"); every other run of
// characters that are not letters or digits becomes one dash, so
// "Integration & Testing" gives "integration-testing".
func Slug(title string) string {
	// Punctuation and symbols go before gosimple/slug sees them: it would
	// spell some out ("&" as "and").
	clean := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
			return r
		}
		return ' '
	}, title)
	s := slug.Make(clean)
	// Keep only what a branch may hold, whatever the transliteration gave.
	var b strings.Builder
	dash := false
	for _, r := range s {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		dash = true
	}
	return b.String()
}

// cutWords shortens a slug to at most n bytes, at a dash where there is one.
func cutWords(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	if i := strings.LastIndexByte(s[:n+1], '-'); i > 0 {
		return s[:i]
	}
	return s[:n]
}

// SprintBranch returns the generated branch of a sprint:
// <source>/<id with "." as "-">-<slug of title>, cut to MaxBranchLen.
func SprintBranch(source, sprintID, title string) string {
	head := source + "/" + strings.ReplaceAll(sprintID, ".", "-")
	s := cutWords(Slug(title), MaxBranchLen-len(head)-1)
	if s == "" {
		return head
	}
	return head + "-" + s
}

// branchChars is the contract's character rule for branches.
var branchChars = regexp.MustCompile(`^[a-zA-Z0-9/_-]+$`)

// CheckBranch returns an error when name is not a safe branch name: it must
// pass git's ref-name rules (git check-ref-format --branch) and hold only
// letters, digits, '/', '_' and '-'. The first rule name breaks gives the
// message.
func CheckBranch(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("branch name is empty")
	case strings.ContainsAny(name, " \t"):
		return fmt.Errorf("branch %q contains a space", name)
	case strings.Contains(name, ".."):
		return fmt.Errorf("branch %q contains \"..\"", name)
	case !branchChars.MatchString(name):
		return fmt.Errorf("branch %q may hold only letters, digits, '/', '_' and '-'", name)
	case strings.HasPrefix(name, "-"):
		return fmt.Errorf("branch %q starts with '-'", name)
	case strings.HasPrefix(name, "/") || strings.HasSuffix(name, "/"):
		return fmt.Errorf("branch %q starts or ends with '/'", name)
	case strings.Contains(name, "//"):
		return fmt.Errorf("branch %q contains \"//\"", name)
	case name == "HEAD":
		return fmt.Errorf("branch may not be named HEAD")
	}
	return nil
}

// WorktreesDir returns <parent of repo root>/<repo name>-worktrees.
func WorktreesDir(repoRoot, repoName string) string {
	return filepath.Join(filepath.Dir(filepath.Clean(repoRoot)), repoName+"-worktrees")
}

// ResolveWorktree returns the absolute worktree path of a sprint. written is
// the plan's Worktree field ("" for none): it is resolved against the
// repository root and must stay inside the worktrees directory. Without it
// the worktree is the branch's path inside that directory.
func ResolveWorktree(repoRoot, repoName, branch, written string) (string, error) {
	dir := WorktreesDir(repoRoot, repoName)
	if written == "" {
		return filepath.Join(dir, filepath.FromSlash(branch)), nil
	}
	p := filepath.FromSlash(written)
	if !filepath.IsAbs(p) {
		p = filepath.Join(repoRoot, p)
	}
	p = filepath.Clean(p)
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("worktree %q is outside the worktrees directory %s: agents would write there", written, dir)
	}
	return p, nil
}
