package emit

import (
	"crypto/sha256"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosimple/slug"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSlug(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Integration & Testing", "integration-testing"},
		{"Café Login", "cafe-login"},
		{"Frontend Development", "frontend-development"},
		{"  Spaces   everywhere  ", "spaces-everywhere"},
		{"API v2.1 (beta)", "api-v2-1-beta"},
		{"Ünïcödé Straße", "unicode-strasse"},
		{"日本語のタイトル", "ri-ben-yu-notaitoru"},
		{"Emoji 🚀 launch", "emoji-launch"},
		{"../../etc/passwd", "etc-passwd"},
		{"feature..branch", "feature-branch"},
		{"---", ""},
		{"", ""},
	} {
		assert.Equal(t, tc.want, Slug(tc.in), "Slug(%q)", tc.in)
	}
}

// sourceTemplate puts {source} in the branch, so tests see it.
const sourceTemplate = "{source}-sprints/{plan}/{id}-{slug}"

// testBranch is the branch of a sprint of plan storefront under tpl.
func testBranch(t testing.TB, tpl, source, sprintID, title string) string {
	bt, err := ParseBranchTemplate(tpl)
	require.NoError(t, err)
	return bt.Branch("storefront", source, sprintID, title)
}

func TestBranchTemplate(t *testing.T) {
	def := DefaultBranchTemplate
	assert.Equal(t, "beads/storefront/1-2a-frontend-development", testBranch(t, def, "develop", "1.2a", "Frontend Development"))
	assert.Equal(t, "beads/storefront/3a-2b-cafe-login", testBranch(t, def, "main", "3a.2b", "Café Login"))
	assert.Equal(t, "beads/storefront/1-1", testBranch(t, def, "main", "1.1", "🚀"))
	assert.Equal(t, "feature/1-2a-backend", testBranch(t, "feature/{id}-{slug}", "main", "1.2a", "Backend"))
	assert.Equal(t, "develop-sprints/storefront/1-2a-backend", testBranch(t, sourceTemplate, "develop", "1.2a", "Backend"))
	// {slug} first and empty takes the separator after it along.
	assert.Equal(t, "1-1", testBranch(t, "{slug}/{id}", "main", "1.1", "🚀"))
	assert.Equal(t, "x/1-1", testBranch(t, "x/{id}_{slug}", "main", "1.1", "!!"))

	// Long titles are cut at a word boundary so the branch fits.
	long := testBranch(t, sourceTemplate, "feature/team", "12.3", strings.Repeat("word ", 40))
	assert.LessOrEqual(t, len(long), MaxBranchLen)
	assert.Equal(t, "feature/team-sprints/storefront/12-3-"+strings.TrimSuffix(strings.Repeat("word-", 8), "-"), long)
	assert.NotContains(t, long, "--")
	assert.False(t, strings.HasSuffix(long, "-"))
}

func TestParseBranchTemplateErrors(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"{source}/{id}-{slug}", `branch_template "{source}/{id}-{slug}" gives main/1-2a-backend for sprint 1.2a from main, under its source branch; git keeps branches as files under refs/heads/, so the two cannot both exist: start the template with a folder of its own, as in beads/{plan}/{id}-{slug}`},
		{"beads/{plan}/{slug}", `branch_template "beads/{plan}/{slug}" has no {id}, so sprints would share branches; put {id} in it, as in beads/{plan}/{id}-{slug}`},
		{"beads/{name}/{id}", `branch_template "beads/{name}/{id}" names {name}; the placeholders are {plan}, {id}, {slug} and {source}`},
		{"beads/{id", `branch_template "beads/{id" has a '{' without its '}'`},
		{"beads/id}", `branch_template "beads/id}" has a '}' without its '{'`},
		{"beads {id}", `branch_template "beads {id}" gives beads 1-2a for sprint 1.2a from main: branch "beads 1-2a" contains a space`},
		{"beads/{id}.x", `branch_template "beads/{id}.x" gives beads/1-2a.x for sprint 1.2a from main: branch "beads/1-2a.x" may hold only letters, digits, '/', '_' and '-'`},
		{"{id}/", `branch_template "{id}/" gives 1-2a/ for sprint 1.2a from main: branch "1-2a/" starts or ends with '/'`},
	} {
		_, err := ParseBranchTemplate(tc.in)
		assert.EqualError(t, err, tc.err, tc.in)
	}
	for _, ok := range []string{DefaultBranchTemplate, "feature/{id}-{slug}", "{source}-{id}", "{plan}/{source}/{id}"} {
		_, err := ParseBranchTemplate(ok)
		assert.NoError(t, err, ok)
	}
}

func TestPlanSlug(t *testing.T) {
	for in, want := range map[string]string{
		"plans/storefront.md": "storefront", "-": "plan", "PLAN.md": "plan", "docs/Café Plan v2.md": "cafe-plan-v2",
		"###.md": "plan", ".md": "md", "noext": "noext", "a/b.c.md": "b-c",
	} {
		assert.Equal(t, want, PlanSlug(in), in)
	}
}

func TestCheckBranch(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"feature/1-2a-work-bead", ""},
		{"develop", ""},
		{"a_b/c-d", ""},
		{"", "branch name is empty"},
		{"feature/has space", `branch "feature/has space" contains a space`},
		{"feature/a..b", `branch "feature/a..b" contains ".."`},
		{"feature/x.lock", `branch "feature/x.lock" may hold only letters, digits, '/', '_' and '-'`},
		{"feat~1", `branch "feat~1" may hold only letters, digits, '/', '_' and '-'`},
		{"café", `branch "café" may hold only letters, digits, '/', '_' and '-'`},
		{"-x", `branch "-x" starts with '-'`},
		{"/x", `branch "/x" starts or ends with '/'`},
		{"x/", `branch "x/" starts or ends with '/'`},
		{"a//b", `branch "a//b" contains "//"`},
		{"HEAD", "branch may not be named HEAD"},
	} {
		err := CheckBranch(tc.in)
		if tc.err == "" {
			assert.NoError(t, err, tc.in)
		} else {
			assert.EqualError(t, err, tc.err, tc.in)
		}
	}
}

// TestCheckBranchAgreesWithGit asks the real git about every name that
// CheckBranch accepts: each must be a valid branch name for git too.
func TestCheckBranchAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	names := []string{"feature/1-2a-work-bead", "develop", "a_b/c-d", "x", "release/2026/q1"}
	for _, title := range []string{"Integration & Testing", "Café Login", "日本語", strings.Repeat("long title ", 20), "a..b", "x.lock"} {
		names = append(names, testBranch(t, sourceTemplate, "develop", "3a.2b", title))
	}
	for _, n := range names {
		require.NoError(t, CheckBranch(n), n)
		out, err := exec.Command("git", "check-ref-format", "--branch", n).CombinedOutput()
		assert.NoError(t, err, "git check-ref-format --branch %s: %s", n, out)
	}
}

func TestResolveWorktree(t *testing.T) {
	root := "/home/u/src/shop"
	const outside = `worktree %q is outside /home/u/src, the repository's parent directory: agents would write there`
	const inside = `worktree %q is %s, inside the repository /home/u/src/shop: agents would write into the checkout itself`
	const elsewhere = `worktree %q is %s, used as written, but it is not under /home/u/src/shop-worktrees, the worktrees folder of repository shop: was the plan written for a checkout named otherwise?`
	for _, tc := range []struct{ written, branch, want, warning, err string }{
		{"", "develop/1-1-setup", "/home/u/src/shop-worktrees/develop/1-1-setup", "", ""},
		{"../shop-worktrees/feature/1-1", "", "/home/u/src/shop-worktrees/feature/1-1", "", ""},
		{"/home/u/src/shop-worktrees/x", "", "/home/u/src/shop-worktrees/x", "", ""},
		{"../shop-worktrees/a/../b", "", "/home/u/src/shop-worktrees/b", "", ""},
		// A plan written for a checkout named billing: used, with a warning.
		{"../billing-worktrees/feature/1-1", "", "/home/u/src/billing-worktrees/feature/1-1", fmt.Sprintf(elsewhere, "../billing-worktrees/feature/1-1", "/home/u/src/billing-worktrees/feature/1-1"), ""},
		{"../shop-worktrees-evil/x", "", "/home/u/src/shop-worktrees-evil/x", fmt.Sprintf(elsewhere, "../shop-worktrees-evil/x", "/home/u/src/shop-worktrees-evil/x"), ""},
		{"/home/u/src/other", "", "/home/u/src/other", fmt.Sprintf(elsewhere, "/home/u/src/other", "/home/u/src/other"), ""},
		// Anywhere else is an error.
		{"../../../etc", "", "", "", fmt.Sprintf(outside, "../../../etc")},
		{"/tmp/x", "", "", "", fmt.Sprintf(outside, "/tmp/x")},
		{"..", "", "", "", fmt.Sprintf(outside, "..")},
		{"../shop-worktrees/../shop/src", "", "", "", fmt.Sprintf(inside, "../shop-worktrees/../shop/src", "/home/u/src/shop/src")},
		{"worktrees/x", "", "", "", fmt.Sprintf(inside, "worktrees/x", "/home/u/src/shop/worktrees/x")},
		{".", "", "", "", fmt.Sprintf(inside, ".", "/home/u/src/shop")},
		{"../shop-worktrees", "", "", "", `worktree "../shop-worktrees" is /home/u/src/shop-worktrees, the folder that holds every sprint's worktree: name a folder inside it`},
	} {
		got, warning, err := ResolveWorktree(root, "shop", tc.branch, tc.written)
		if tc.err != "" {
			assert.EqualError(t, err, tc.err, tc.written)
			continue
		}
		assert.NoError(t, err, tc.written)
		assert.Equal(t, tc.want, got, tc.written)
		assert.Equal(t, tc.warning, warning, tc.written)
	}
}

func TestSafeBranch(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"main", "main"},
		{"feature/login_2-b", "feature/login_2-b"},
		{"release/2.4.0", "release/2-4-0"},
		{"v1.x/.hidden..", "v1-x/hidden"},
		{"user@host/x+y", "user-host/x-y"},
		{"café/été", "caf/t"},
		{"-x-/--/y", "x/y"},
		{"日本", ""},
		{"", ""},
	} {
		got := SafeBranch(tc.in)
		assert.Equal(t, tc.want, got, "SafeBranch(%q)", tc.in)
		if got != "" {
			assert.NoError(t, CheckBranch(got), "SafeBranch(%q) = %q", tc.in, got)
		}
	}
}

func TestDeriveID(t *testing.T) {
	a := DeriveID("bd", "plans/x.md", "1.2a", 6)
	assert.Regexp(t, `^bd-[0-9a-z]{6}$`, a)
	assert.Equal(t, a, DeriveID("bd", "plans/x.md", "1.2a", 6), "deterministic")
	assert.NotEqual(t, a, DeriveID("bd", "plans/y.md", "1.2a", 6), "the plan path counts")
	assert.NotEqual(t, a, DeriveID("bd", "plans/x.md", "1.2b", 6), "the sprint id counts")
	assert.True(t, strings.HasPrefix(DeriveID("bd", "plans/x.md", "1.2a", 8), a), "a longer id extends the short one")
	assert.NotContains(t, DeriveID("bd", "p.md", "1.1", 60), ".")
	// Longer than the hash's digits: zeros in front.
	sum := sha256.Sum256([]byte("p.md\x001.1"))
	full := new(big.Int).SetBytes(sum[:]).Text(36)
	long := DeriveID("bd", "p.md", "1.1", 60)
	assert.Equal(t, "bd-"+strings.Repeat("0", 60-len(full))+full, long)
}

// librarySlug is Slug with every title through gosimple/slug, as Slug was
// before it kept ASCII titles from the library.
func librarySlug(title string) string {
	return slugWords(slug.Make(slugLetters(title)))
}

// TestSlugASCIISkipsNothing: a title Slug keeps from gosimple/slug gets
// the slug the library would give, for every heading of every plan under
// testdata and for generated ASCII strings.
func TestSlugASCIISkipsNothing(t *testing.T) {
	var titles []string
	files, err := filepath.Glob("../testdata/plans/*.md")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "#") {
				titles = append(titles, strings.TrimLeft(l, "# "))
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = byte(r.IntN(0x7f))
		}
		titles = append(titles, string(b))
	}
	ascii := 0
	for _, title := range titles {
		if isASCII(title) {
			ascii++
		}
		require.Equal(t, librarySlug(title), Slug(title), "Slug(%q)", title)
	}
	require.Greater(t, ascii, 5000)
}
