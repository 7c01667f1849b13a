package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/beads-architect/architect/parser/plangen"

	"github.com/beads-architect/architect/annotate"
	"github.com/beads-architect/architect/emit/emittest"
	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/require"
)

// TestAnnotationDiffMatchesDiffU compares annotate's diff with diff -u on
// every golden before/after pair of package annotate, both ways (annotate
// and strip): CRLF, no final newline, a heading on the last line, stale
// annotations.
func TestAnnotationDiffMatchesDiffU(t *testing.T) {
	diffU, err := exec.LookPath("diff")
	if err != nil {
		t.Skip("no diff program")
	}
	outs, err := filepath.Glob(filepath.Join("..", "..", "annotate", "testdata", "golden", "*.out.md"))
	require.NoError(t, err)
	require.NotEmpty(t, outs)
	for _, out := range outs {
		in := strings.TrimSuffix(out, ".out.md") + ".md"
		for _, pair := range [][2]string{{in, out}, {out, in}} {
			t.Run(filepath.Base(pair[0])+"->"+filepath.Base(pair[1]), func(t *testing.T) {
				a, err := os.ReadFile(pair[0])
				require.NoError(t, err)
				b, err := os.ReadFile(pair[1])
				require.NoError(t, err)
				want, _ := exec.Command(diffU, "-u", "--label", "a", "--label", "b", pair[0], pair[1]).Output()
				require.Equal(t, string(want), string(unifiedDiff("a", "b", a, b)))
			})
		}
	}
	require.Nil(t, unifiedDiff("a", "b", []byte("x\n"), []byte("x\n")))
}

// TestUnifiedDiffRandomEdits compares with diff -u on random plans edited
// as annotate edits them: an annotation inserted, replaced or removed
// after a sprint heading, among repeated lines, near each other and at the
// ends of the file. The 300 pairs go to two directories and one diff -ru
// compares them all; its report is cut at its "diff -ru" lines, which no
// line of a hunk can start with.
func TestUnifiedDiffRandomEdits(t *testing.T) {
	diffU, err := exec.LookPath("diff")
	if err != nil {
		t.Skip("no diff program")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "a"), 0o755))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "b"), 0o755))
	body := []string{"", "- a", "x", "<!-- beads-ralph: bd-1 -->", "## Phase 1: P"}
	const cases = 300
	var as, bs [cases]string
	for k := range cases {
		var a, b strings.Builder
		for i := range rng.IntN(12) {
			fmt.Fprintf(&a, "### Sprint 1.%d: S\n", i)
			fmt.Fprintf(&b, "### Sprint 1.%d: S\n", i)
			old := rng.IntN(2) == 0
			if old {
				a.WriteString("<!-- beads-ralph: bd-old -->\n")
			}
			switch rng.IntN(4) {
			case 0: // removed or left out
			case 1:
				fmt.Fprintf(&b, "<!-- beads-ralph: bd-%d -->\n", i)
			default:
				if old {
					b.WriteString("<!-- beads-ralph: bd-old -->\n")
				}
			}
			for range rng.IntN(5) {
				line := body[rng.IntN(len(body))] + "\n"
				a.WriteString(line)
				b.WriteString(line)
			}
		}
		if rng.IntN(4) == 0 {
			a.WriteString("no final newline")
			b.WriteString("no final newline")
		}
		as[k], bs[k] = a.String(), b.String()
		name := fmt.Sprintf("%03d", k)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "a", name), []byte(as[k]), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "b", name), []byte(bs[k]), 0o644))
	}
	cmd := exec.Command(diffU, "-ru", "a", "b")
	cmd.Dir = dir
	report, _ := cmd.Output()
	want := map[string]string{} // case name → its hunks, headers left out
	for _, part := range strings.Split("\n"+string(report), "\ndiff -ru a/")[1:] {
		name, rest, _ := strings.Cut(part, " ")
		_, rest, _ = strings.Cut(rest, "\n")   // the rest of the diff -ru line
		_, rest, _ = strings.Cut(rest, "\n")   // --- a/NAME and its time
		_, hunks, _ := strings.Cut(rest, "\n") // +++ b/NAME and its time
		want[name] = hunks
		if hunks != "" && !strings.HasSuffix(hunks, "\n") {
			want[name] += "\n"
		}
	}
	for k := range cases {
		got := string(unifiedDiff("a", "b", []byte(as[k]), []byte(bs[k])))
		if got != "" {
			require.True(t, strings.HasPrefix(got, "--- a\n+++ b\n"), "case %d: %q", k, got)
			got = strings.TrimPrefix(got, "--- a\n+++ b\n")
		}
		require.Equal(t, want[fmt.Sprintf("%03d", k)], got, "case %d:\n%s\n---\n%s", k, as[k], bs[k])
	}
	require.NotEmpty(t, want, "diff -ru found no differences: the comparison is empty")
	t.Logf("%d of %d pairs differ", len(want), cases)
}

// compileIDs compiles src as the plan at planFile and returns each sprint's
// bead id; ok is false when the plan does not compile.
func compileIDs(planFile string, src []byte) (ids map[string]string, ok bool) {
	c, err := emittest.Try(planFile, src)
	if err != nil {
		return nil, false
	}
	ids = map[string]string{}
	for _, b := range c.Beads {
		ids[b.Metadata.PlanSprintID] = b.ID
	}
	return ids, true
}

// checkCompileAnnotate annotates a plan, stripped of its annotations, with
// the ids it compiles to, and checks that the annotated plan compiles to the
// same ids. It reports false when the plan does not compile or annotate.
func checkCompileAnnotate(t testing.TB, src []byte) bool {
	const planFile = "plans/plan.md"
	p := parser.Parse("plan.md", src)
	if len(annotate.Blocking(p)) > 0 {
		return false
	}
	x := annotate.Strip(p)
	ids, ok := compileIDs(planFile, x)
	if !ok {
		return false
	}
	out, _, err := annotate.Apply(parser.Parse("plan.md", x), ids, annotate.Options{})
	require.NoError(t, err)
	again, ok := compileIDs(planFile, out)
	require.True(t, ok, "the annotated plan does not compile")
	require.Equal(t, ids, again, "compile(annotate(x)) has other ids than compile(x)")
	return true
}

// roundTripPlans are the plans the compile and annotate round trip runs
// on: the golden plans of compile and of annotate, and beads-ralph's own.
func roundTripPlans(t testing.TB) []string {
	var files []string
	for _, pattern := range []string{
		filepath.Join(plansDir, "*.md"),
		filepath.Join("..", "..", "annotate", "testdata", "golden", "*.md"),
	} {
		more, err := filepath.Glob(pattern)
		require.NoError(t, err)
		require.NotEmpty(t, more, pattern)
		files = append(files, more...)
	}
	return append(files, plangen.CorpusFiles(t, "*-plan.md")...)
}

// TestCompileAnnotateKeepsIDs: compile(annotate(x)) has the ids of
// compile(x), on every plan that compiles.
func TestCompileAnnotateKeepsIDs(t *testing.T) {
	checked := 0
	for _, file := range roundTripPlans(t) {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		t.Run(filepath.Base(file), func(t *testing.T) {
			if checkCompileAnnotate(t, src) {
				checked++
			}
		})
	}
	require.GreaterOrEqual(t, checked, 15, "too few plans compiled")
}

func FuzzCompileAnnotateKeepsIDs(f *testing.F) {
	for _, file := range roundTripPlans(f) {
		src, err := os.ReadFile(file)
		require.NoError(f, err)
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkCompileAnnotate(t, src)
	})
}

// TestIDsNeverDrift: once annotated, a sprint keeps its bead id through a
// title edit, a renumbering and a move of the plan file.
func TestIDsNeverDrift(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "annotate", "testdata", "golden", "minimal.md"))
	require.NoError(t, err)
	ids, ok := compileIDs("plans/store.md", src)
	require.True(t, ok)
	out, _, err := annotate.Apply(parser.Parse("minimal.md", src), ids, annotate.Options{})
	require.NoError(t, err)

	// Without annotations, a move or a renumbering gives new ids.
	moved, _ := compileIDs("docs/store.md", src)
	require.NotEqual(t, ids, moved)

	edit := func(old, new string) []byte {
		require.Contains(t, string(out), old)
		return []byte(strings.Replace(string(out), old, new, 1))
	}
	for _, tc := range []struct {
		name     string
		src      []byte
		planFile string
		want     map[string]string
	}{
		{"as annotated", out, "plans/store.md", ids},
		{"moved", out, "docs/archive/store.md", ids},
		{"title edited", edit("Sprint 1.3: Checkout", "Sprint 1.3: Pay and check out"), "plans/store.md", ids},
		{"renumbered", edit("Sprint 1.3: Checkout", "Sprint 1.4: Checkout"), "plans/store.md",
			map[string]string{"1.1": ids["1.1"], "1.2a": ids["1.2a"], "1.2b": ids["1.2b"], "1.4": ids["1.3"]}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := compileIDs(tc.planFile, tc.src)
			require.True(t, ok)
			require.Equal(t, tc.want, got)
		})
	}
}

// annotate parses the plan while git finds the checkout's root, in the
// checkout it is most likely in (the nearest folder holding a .git); when
// git names another, the plan is parsed again with the reading the real
// root's settings declare for it.
func TestAnnotateParseWhileGitRuns(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	base := tempBase(t)
	root := filepath.Join(base, "shop")
	gitIn(t, base, "init", "-q", "-b", "main", root)
	inner := filepath.Join(root, "inner")
	require.NoError(t, os.MkdirAll(filepath.Join(inner, ".git"), 0o755)) // not a repository
	writeTestFile(t, filepath.Join(root, configFile), "plans:\n  inner/plans/p.md:\n    format: none\n")
	for _, plan := range []string{filepath.Join(root, "plans", "p.md"), filepath.Join(inner, "plans", "p.md")} {
		writeTestFile(t, plan, onePlan)
		code, out, errs := runIn(t, nil, "annotate", "--dry-run", "--map", "1.1=bd-a1", plan)
		if plan == filepath.Join(root, "plans", "p.md") {
			require.Equal(t, 0, code, errs)
			require.Contains(t, out, "+<!-- beads-ralph: bd-a1 -->")
			continue
		}
		require.Equal(t, 1, code, out)
		require.Contains(t, errs, "is not a plan: declared by .architect.yaml")
	}
}
