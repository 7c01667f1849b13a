package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPinMatching: gitignore-style patterns, forbidden over allowed.
func TestPinMatching(t *testing.T) {
	for _, c := range []struct {
		pattern, file string
		want          bool
	}{
		{"src/**", "src/a/b.go", true},
		{"src/**", "srcx/a.go", false},
		{"src/api", "src/api/h.go", true},
		{"src/api", "src/api", true},
		{"src/api", "src/apix/h.go", false},
		{"*.md", "docs/deep/x.md", true},
		{"*.md", "x.md", true},
		{"*.md", "x.mdx", false},
		{"node_modules/", "web/node_modules/a.js", true},
		{"node_modules/", "web/node_modules", true},
		{"docs/*.md", "docs/a.md", true},
		{"docs/*.md", "docs/sub/a.md", false},
		{"{cmd,internal}/**", "internal/x.go", true},
		{"./src/**", "src/x.go", true},
	} {
		assert.Equal(t, c.want, matches(c.pattern, c.file), "%s ~ %s", c.pattern, c.file)
	}
	p := Pins{Allowed: []string{"src/**", "docs/"}, Forbidden: []string{"src/secrets/**"}}
	for file, want := range map[string][2]any{
		"src/a.go":          {true, ""},
		"docs/x/y.md":       {true, ""},
		"src/secrets/k.pem": {false, "src/secrets/**"},
		"README.md":         {false, ""},
	} {
		ok, by := p.Allows(file)
		assert.Equal(t, want, [2]any{ok, by}, file)
	}
	ok, _ := Pins{}.Allows("anything/at/all")
	assert.True(t, ok)
}

func TestCheckPattern(t *testing.T) {
	for p, want := range map[string]string{
		"src/**":    "",
		"../x":      `"../x" escapes the repository`,
		"a/../../b": `"a/../../b" escapes the repository`,
		"/etc":      `"/etc" is not relative to the repository: write paths from its root, like src/**`,
		"~/x":       `"~/x" is not relative to the repository: write paths from its root, like src/**`,
		"src/[a":    `"src/[a" is not a valid glob`,
		"a\\b":      `"a\\b" holds a backslash: use / between path segments`,
	} {
		err := CheckPattern(p)
		if want == "" {
			assert.NoError(t, err, p)
		} else {
			assert.EqualError(t, err, want, p)
		}
	}
	assert.EqualError(t, CheckFile("src/*.go"), `"src/*.go" is a pattern: Files names files, one path each`)
}

// TestPinFields: the pins of a sprint, the plan's added to its own, and
// each bad one a positioned error.
func TestPinFields(t *testing.T) {
	src := "---\nforbidden_paths: [\"**/*.pem\"]\ntimeout: 2h\n---\n" +
		"**Allowed Paths**: `docs/`\n\n" +
		"## Phase 1: A\n" +
		"### Sprint 1.1: API\n" +
		"**Allowed Paths**: `src/api/**`, `tests/**`\n" +
		"**Forbidden Paths**:\n- `src/api/vendor/**`\n\n" +
		"**Files**:\n- `src/api/h.go` - the handler\n- `src/api/vendor/x.go`\n- `main.go`\n- `keys/a.pem`\n\n" +
		"**Tests**:\n- `go test ./src/api/...`\n- run the linter\n\n" +
		"**Timeout**: 45m\n**Role**: Reviewer\n" +
		"- build it\n" +
		"### Sprint 1.2: Bad\n" +
		"**Allowed Paths**: ../up, /etc\n**Timeout**: soon\n**Role**: boss\n- x\n"
	p := Parse("p.md", []byte(src))
	s := p.Sprints[0]
	assert.Equal(t, Pins{
		Allowed:   []string{"docs/", "src/api/**", "tests/**"},
		Forbidden: []string{"**/*.pem", "src/api/vendor/**"},
		Files:     []string{"src/api/h.go", "src/api/vendor/x.go", "main.go", "keys/a.pem"},
	}, p.Defaults.Pins(s))
	assert.Equal(t, []Pin{{"go test ./src/api/...", Pos{Line: 20, Col: 1, Offset: s.Tests[0].Pos.Offset}}, {"run the linter", Pos{Line: 21, Col: 1, Offset: s.Tests[1].Pos.Offset}}}, s.Tests)
	assert.Equal(t, 45, s.TimeoutMinutes)
	assert.Equal(t, "reviewer", s.Role.Value)
	assert.Equal(t, 120, *p.Defaults.TimeoutMinutes)
	assert.Equal(t, `p.md:15:1: error: target file src/api/vendor/x.go of sprint 1.1 is forbidden by "src/api/vendor/**"
p.md:16:1: error: target file main.go of sprint 1.1 is outside its allowed paths (docs/, src/api/**, tests/**)
p.md:17:1: error: target file keys/a.pem of sprint 1.1 is forbidden by "**/*.pem"
p.md:27:1: error: allowed paths of sprint 1.2: "../up" escapes the repository
p.md:27:1: error: allowed paths of sprint 1.2: "/etc" is not relative to the repository: write paths from its root, like src/**`, sortDiags(p.Diags.Errors()).String())
	// A role that is none of the task inputs' roles is the job the text
	// gives someone ("**Role:** Tester"), and a timeout that does not read
	// the plan's subject ("30s per request"): warnings, never a refusal.
	assert.Contains(t, msgs(p, Warning), `28:1: timeout "soon" of sprint 1.2 is read as prose, not as its time budget (minutes like 45m, 2h or 90)`)
	assert.Contains(t, msgs(p, Warning), `29:1: role "boss" of sprint 1.2 is read as prose, not as its role (one of planner, splitter, engineer, reviewer, doc, ssot_curator, designer)`)
}

func TestReadTimeout(t *testing.T) {
	for in, want := range map[string]int{"45m": 45, "2h": 120, "1h30m": 90, "90": 90, "90 minutes": 90, "2 hours": 120, "0": 0, "soon": 0, "30s": 0} {
		n, ok := readTimeout(in)
		assert.Equal(t, want, n, in)
		assert.Equal(t, want > 0, ok, in)
	}
}

// TestFilesPatternInShapes: a plan of another shape lists the files a
// task touches, and a pattern there is a warning at its line, the pin
// dropped; in the beads-ralph dialect it stays an error.
func TestFilesPatternInShapes(t *testing.T) {
	src := "# Renames\n\n### Task 1: Rename the widgets\n\n**Files:**\n- Modify: `lib/widgets.dart`\n- Test: `test/*_test.dart`\n\n**Steps:**\n- [ ] Rename\n"
	p := Parse("p.md", []byte(src))
	if !assert.Len(t, p.Sprints, 1) {
		return
	}
	assert.Equal(t, []string{"lib/widgets.dart"}, pinValuesOf(p.Sprints[0].Files))
	var diags []string
	for _, d := range p.Diags {
		if d.Severity != Info {
			diags = append(diags, d.Error())
		}
	}
	assert.Equal(t, []string{`p.md:7:1: warning: files of sprint 1.1: "test/*_test.dart" is a pattern: Files names files, one path each; it is not pinned`}, diags)
}

func pinValuesOf(pins []Pin) []string {
	var out []string
	for _, p := range pins {
		out = append(out, p.Value)
	}
	return out
}
