package emit

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

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
	clean := slugLetters(title)
	s := clean
	if !isASCII(clean) {
		// gosimple/slug transliterates through a table it unpacks on
		// first use, 5 to 9 ms of a run; text that is ASCII already it
		// would give back as it is, so it never sees it
		// (TestSlugASCIISkipsNothing).
		s = slug.Make(clean)
	}
	return slugWords(s)
}

// slugLetters keeps a title's letters, digits and combining marks, and
// blanks the rest: punctuation and symbols go before gosimple/slug sees
// them, as it would spell some out ("&" as "and").
func slugLetters(title string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
			return r
		}
		return ' '
	}, title)
}

// slugWords keeps only what a branch may hold, whatever the
// transliteration gave: lowercase ASCII letters and digits, the words
// between them joined by single dashes.
func slugWords(s string) string {
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

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
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

// DefaultBranchTemplate is the branch scheme without a branch_template
// setting (contract §4): the beads/ namespace keeps sprint branches apart
// from people's own and from the source branch, and the plan's name keeps
// two plans' sprint 1.1 apart.
const DefaultBranchTemplate = "beads/{plan}/{id}-{slug}"

// maxPlanLen bounds the plan's part of a branch; the plan slug is cut at a
// word boundary to fit.
const maxPlanLen = 40

// PlanSlug is the {plan} of a branch template: the slug of the plan file's
// name without its extension ("plans/storefront.md" gives "storefront"),
// and "plan" for a plan read from standard input ("-") or one whose name
// has no letters or digits.
func PlanSlug(planFile string) string {
	if planFile == "-" || planFile == "" {
		return "plan"
	}
	base := filepath.Base(filepath.FromSlash(planFile))
	if ext := filepath.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	if s := cutWords(Slug(base), maxPlanLen); s != "" {
		return s
	}
	return "plan"
}

// BranchTemplate is a parsed branch_template: literal text and the
// placeholders {plan}, {id}, {slug} and {source}.
type BranchTemplate struct {
	text  string
	parts []tplPart
}

type tplPart struct {
	lit string // literal text, when key is ""
	key string // plan, id, slug or source
}

// UsesSource reports whether the template has {source}.
func (t BranchTemplate) UsesSource() bool {
	for _, p := range t.parts {
		if p.key == "source" {
			return true
		}
	}
	return false
}

func (t BranchTemplate) String() string { return t.text }

// ParseBranchTemplate reads a branch_template and checks that it yields
// branches git can create beside each other and beside their source
// branch: it must hold {id} (else two sprints get one branch), may name no
// other placeholders than {plan}, {id}, {slug} and {source}, must give a
// name git accepts, and may not put branches under their source branch
// ({source}/{id}-{slug} fails: git cannot hold main and main/1-1 at once).
func ParseBranchTemplate(text string) (BranchTemplate, error) {
	t := BranchTemplate{text: text}
	rest := text
	hasID := false
	for rest != "" {
		open := strings.IndexAny(rest, "{}")
		if open < 0 {
			t.parts = append(t.parts, tplPart{lit: rest})
			break
		}
		if rest[open] == '}' {
			return t, fmt.Errorf("branch_template %q has a '}' without its '{'", text)
		}
		if open > 0 {
			t.parts = append(t.parts, tplPart{lit: rest[:open]})
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return t, fmt.Errorf("branch_template %q has a '{' without its '}'", text)
		}
		key := rest[open+1 : open+end]
		switch key {
		case "plan", "id", "slug", "source":
		default:
			return t, fmt.Errorf("branch_template %q names {%s}; the placeholders are {plan}, {id}, {slug} and {source}", text, key)
		}
		hasID = hasID || key == "id"
		t.parts = append(t.parts, tplPart{key: key})
		rest = rest[open+end+1:]
	}
	if !hasID {
		return t, fmt.Errorf("branch_template %q has no {id}, so sprints would share branches; put {id} in it, as in %s", text, DefaultBranchTemplate)
	}
	// Try it on sample values: what fails here fails for every sprint.
	for _, source := range []string{"main", "release/2-4"} {
		b := t.Branch("storefront", source, "1.2a", "Backend")
		if err := CheckBranch(b); err != nil {
			return t, fmt.Errorf("branch_template %q gives %s for sprint 1.2a from %s: %v", text, b, source, err)
		}
		if rel := folderRelation(b, source); rel != "" {
			return t, fmt.Errorf("branch_template %q gives %s for sprint 1.2a from %s, %s its source branch; git keeps branches as files under refs/heads/, so the two cannot both exist: start the template with a folder of its own, as in %s", text, b, source, rel, DefaultBranchTemplate)
		}
	}
	return t, nil
}

// Branch fills the template in for one sprint. source is the branch-safe
// form of the sprint's source branch (SafeBranch). The title's slug is cut
// at a word boundary so the branch stays within MaxBranchLen; a sprint
// whose title has no slug drops {slug} and the one '-', '_' or '/' before
// it (or after it, when it comes first).
func (t BranchTemplate) Branch(plan, source, sprintID, title string) string {
	id := strings.ReplaceAll(sprintID, ".", "-")
	fixed, slugs := 0, 0
	for _, p := range t.parts {
		switch p.key {
		case "":
			fixed += len(p.lit)
		case "plan":
			fixed += len(plan)
		case "id":
			fixed += len(id)
		case "source":
			fixed += len(source)
		case "slug":
			slugs++
		}
	}
	slug := ""
	if slugs > 0 {
		slug = cutWords(Slug(title), (MaxBranchLen-fixed-slugs)/slugs)
	}
	var b strings.Builder
	dropNext := false
	for _, p := range t.parts {
		v := p.lit
		switch p.key {
		case "plan":
			v = plan
		case "id":
			v = id
		case "source":
			v = source
		case "slug":
			v = slug
		}
		if p.key == "slug" && slug == "" {
			cur := b.String()
			if n := len(cur); n > 0 && strings.ContainsRune("-_/", rune(cur[n-1])) {
				b.Reset()
				b.WriteString(cur[:n-1])
			} else if n == 0 {
				dropNext = true
			}
			continue
		}
		if dropNext && v != "" {
			if strings.ContainsRune("-_/", rune(v[0])) {
				v = v[1:]
			}
			dropNext = false
		}
		b.WriteString(v)
	}
	return b.String()
}

// folderRelation says how branches a and b cannot both exist in git: ""
// when they can, else "equal to", "a folder of" (b lies under a) or
// "under" (a lies under b).
func folderRelation(a, b string) string {
	switch {
	case a == b:
		return "equal to"
	case branchUnder(a, b):
		return "a folder of"
	case branchUnder(b, a):
		return "under"
	}
	return ""
}

// branchUnder reports whether branch b lies under branch a: it starts with a and
// a '/'.
func branchUnder(a, b string) bool {
	return len(b) > len(a) && b[len(a)] == '/' && strings.HasPrefix(b, a)
}

// branchChar is the contract's character rule for branches: letters,
// digits, '/', '_' and '-'.
func branchChar(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '/' || r == '_' || r == '-'
}

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
	case safe && strings.ContainsFunc(name, func(r rune) bool { return !branchChar(r) }):
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
	for part := range strings.SplitSeq(name, "/") {
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
