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

// CheckBranch returns an error when name is not a safe branch name for a
// sprint: it must pass git's ref-name rules (git check-ref-format
// --branch) and hold only letters, digits, '/', '_' and '-'.
func CheckBranch(name string) error { return checkBranch(name, true) }

// checkGitBranch returns an error when git would refuse name as a branch
// (git check-ref-format --branch): the rule for source branches, which
// architect names but does not create.
func checkGitBranch(name string) error { return checkBranch(name, false) }

// checkBranch checks name against git's ref-name rules and, when safe is
// set, the contract's characters. The first rule name breaks gives the
// message.
func checkBranch(name string, safe bool) error {
	switch {
	case name == "":
		return fmt.Errorf("branch name is empty")
	case strings.ContainsAny(name, " \t"):
		return fmt.Errorf("branch %q contains a space", name)
	case strings.Contains(name, ".."):
		return fmt.Errorf("branch %q contains \"..\"", name)
	case safe && !branchChars.MatchString(name):
		return fmt.Errorf("branch %q may hold only letters, digits, '/', '_' and '-'", name)
	case strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f || strings.ContainsRune("~^:?*[\\", r) }):
		return fmt.Errorf("branch %q contains a control character or one of ~^:?*[\\, which git refuses", name)
	case strings.Contains(name, "@{") || name == "@":
		return fmt.Errorf("branch %q is git revision syntax (@ or @{)", name)
	case strings.HasPrefix(name, "-"):
		return fmt.Errorf("branch %q starts with '-'", name)
	case strings.HasPrefix(name, "/") || strings.HasSuffix(name, "/"):
		return fmt.Errorf("branch %q starts or ends with '/'", name)
	case strings.Contains(name, "//"):
		return fmt.Errorf("branch %q contains \"//\"", name)
	case strings.HasSuffix(name, "."):
		return fmt.Errorf("branch %q ends with '.'", name)
	case name == "HEAD":
		return fmt.Errorf("branch may not be named HEAD")
	}
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") || strings.HasSuffix(part, ".lock") {
			return fmt.Errorf("branch %q has a part that starts with '.' or ends with \".lock\"", name)
		}
	}
	return nil
}

// SafeBranch returns name in the characters sprint branches may hold: in
// each '/'-separated part, every run of characters other than letters,
// digits, '_' and '-' becomes one '-', dashes at either end are dropped,
// and so are parts left empty. "release/2.4.0" gives "release/2-4-0"; a
// name that passes CheckBranch is returned as it is; "" when nothing is
// left. Generated sprint branches start with the source branch's safe form.
func SafeBranch(name string) string {
	if CheckBranch(name) == nil {
		return name // already safe: kept as it is ("0-" included)
	}
	var parts []string
	for _, part := range strings.Split(name, "/") {
		var b strings.Builder
		dash := false
		for _, r := range part {
			if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-') {
				if dash {
					b.WriteByte('-')
				}
				dash = false
				b.WriteRune(r)
				continue
			}
			dash = true
		}
		if p := strings.Trim(b.String(), "-"); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, "/")
}

// WorktreesDir returns <parent of repo root>/<repo name>-worktrees.
func WorktreesDir(repoRoot, repoName string) string {
	return filepath.Join(filepath.Dir(filepath.Clean(repoRoot)), repoName+"-worktrees")
}

// ResolveWorktree returns the absolute worktree path of a sprint. written
// is the plan's Worktree field ("" for none), resolved against the
// repository root. It is used as written when it lies under the
// repository's parent directory and outside the repository; when it is
// not under WorktreesDir either (a plan written for a checkout named
// otherwise), warning says so. Anywhere else it is an error: agents would
// write there. Without it the worktree is the branch's path inside
// WorktreesDir.
func ResolveWorktree(repoRoot, repoName, branch, written string) (dir, warning string, err error) {
	root := filepath.Clean(repoRoot)
	parent := filepath.Dir(root)
	worktrees := WorktreesDir(root, repoName)
	if written == "" {
		return filepath.Join(worktrees, filepath.FromSlash(branch)), "", nil
	}
	p := filepath.FromSlash(written)
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, p)
	}
	p = filepath.Clean(p)
	switch {
	case !under(parent, p):
		return "", "", fmt.Errorf("worktree %q is outside %s, the repository's parent directory: agents would write there", written, parent)
	case p == root || under(root, p):
		return "", "", fmt.Errorf("worktree %q is %s, inside the repository %s: agents would write into the checkout itself", written, p, root)
	case p == worktrees:
		return "", "", fmt.Errorf("worktree %q is %s, the folder that holds every sprint's worktree: name a folder inside it", written, p)
	case !under(worktrees, p):
		warning = fmt.Sprintf("worktree %q is %s, used as written, but it is not under %s, the worktrees folder of repository %s: was the plan written for a checkout named otherwise?", written, p, worktrees, repoName)
	}
	return p, warning, nil
}

// under reports whether path p lies inside directory dir (not dir itself).
func under(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
