package parser

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// settingsPlan is a plan whose preamble is pre (after front matter fm,
// when given), with one sprint holding the fields in sprint.
func settingsPlan(fm, pre, sprint string) string {
	var b strings.Builder
	if fm != "" {
		b.WriteString("---\n" + fm + "---\n")
	}
	b.WriteString(pre)
	b.WriteString("\n## Phase 1: Work\n\n### Sprint 1.1: Do it\n\n" + sprint + "\n**Tasks**:\n- do it\n")
	return b.String()
}

// settingDiags returns the diagnostics that come from the settings: those
// before the first phase heading, and the sprint's settings lines.
func settingDiags(p *Plan) []string {
	var out []string
	for _, d := range p.Diags {
		if strings.Contains(d.Msg, "QA agent") || strings.Contains(d.Msg, "not in the repository") {
			continue
		}
		out = append(out, d.Error())
	}
	return out
}

func TestSettingsPreambleAndFrontMatter(t *testing.T) {
	tests := []struct {
		name       string
		fm, pre    string
		sprint     string
		want       func(t *testing.T, d Defaults, s *Sprint)
		wantDiags  []string
		wantOrigin map[string]string
	}{
		{
			name: "team is the whole value in the preamble, as in a sprint",
			pre:  "**Team**: Core platform\n", sprint: "**Team**: Core platform\n",
			want: func(t *testing.T, d Defaults, s *Sprint) {
				require.Equal(t, "Core platform", d.Team)
				require.Equal(t, "Core platform", s.Team.Value)
			},
			wantOrigin: map[string]string{"team": "p.md:1:1"},
		},
		{
			name:   "target files and time budget in the preamble, as in a sprint",
			pre:    "**Target Files**: `src/a.go`, src/b.go\n**Time budget**: 45m\n",
			sprint: "**Target Files**: src/c.go\n**Time budget**: 2h\n",
			want: func(t *testing.T, d Defaults, s *Sprint) {
				require.Equal(t, []string{"src/a.go", "src/b.go"}, d.Files)
				require.Equal(t, 45, *d.TimeoutMinutes)
				require.Equal(t, "src/c.go", s.Files[0].Value)
				require.Equal(t, 120, s.TimeoutMinutes)
			},
			wantOrigin: map[string]string{"files": "p.md:1:1", "timeout": "p.md:2:1"},
		},
		{
			name: "every preamble setting",
			pre: "**Integration Branch**: `release/2.0` (cut weekly)\n**Team**: Payments\n**Labels**: a, b\n" +
				"**Priority**: P1\n**Created**: March 3, 2026\n**Letters**: sequence\n**Allowed Paths**: src/**\n" +
				"**Forbidden Paths**: secrets/**\n**Files**: src/main.go\n**Tests**: `go test ./...`\n**Timeout**: 90\n**Role**: reviewer\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) {
				require.Equal(t, "release/2.0", d.SourceBranch)
				require.Equal(t, "Payments", d.Team)
				require.Equal(t, []string{"a", "b"}, d.Labels)
				require.Equal(t, 1, *d.Priority)
				require.Equal(t, "2026-03-03", d.Created)
				require.Equal(t, "sequence", d.Letters)
				require.Equal(t, []string{"src/**"}, d.AllowedPaths)
				require.Equal(t, []string{"secrets/**"}, d.ForbiddenPaths)
				require.Equal(t, []string{"src/main.go"}, d.Files)
				require.Equal(t, []string{"go test ./..."}, d.Tests)
				require.Equal(t, 90, *d.TimeoutMinutes)
				require.Equal(t, "reviewer", d.Role)
			},
			wantOrigin: map[string]string{"source branch": "p.md:1:1", "role": "p.md:12:1", "tests": "p.md:10:1"},
		},
		{
			name: "a setting written twice in the preamble: a warning at the second, pointing at the first",
			pre:  "Intro.\n\n**Source Branch**: main\n**Integration Branch**: develop\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) { require.Equal(t, "develop", d.SourceBranch) },
			wantDiags: []string{
				"p.md:4:1: warning: source branch set twice: here, and already at p.md:3:1; the last one counts",
			},
			wantOrigin: map[string]string{"source branch": "p.md:4:1"},
		},
		{
			name: "lists written twice add up, as in a sprint",
			pre:  "**Labels**: a\n**Label**: b\n**Tests**: `make`\n**Test commands**: `make lint`\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) {
				require.Equal(t, []string{"a", "b"}, d.Labels)
				require.Equal(t, []string{"make", "make lint"}, d.Tests)
			},
		},
		{
			name: "front matter and preamble both set the source branch: the preamble counts, with a warning naming both",
			fm:   "source_branch: release\n",
			pre:  "**Integration Branch**: develop\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) { require.Equal(t, "develop", d.SourceBranch) },
			wantDiags: []string{
				"p.md:4:1: warning: source branch set twice: here, and already in the front matter at p.md:2:1; the preamble's counts",
			},
			wantOrigin: map[string]string{"source branch": "p.md:4:1"},
		},
		{
			name: "two keys for one setting in the front matter: a warning at the second, pointing at the first",
			fm:   "source_branch: a\nintegration_branch: b\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) { require.Equal(t, "b", d.SourceBranch) },
			wantDiags: []string{
				"p.md:3:1: warning: settings: source branch set twice: here, and already at p.md:2:1; the last one counts",
			},
		},
		{
			name: "one key twice in the front matter: the same warning",
			fm:   "team: a\nteam: b\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) { require.Equal(t, "b", d.Team) },
			wantDiags: []string{
				"p.md:3:1: warning: settings: team set twice: here, and already at p.md:2:1; the last one counts",
			},
		},
		{
			name: "a list key twice in the front matter adds up, as in the preamble",
			fm:   "labels: [a]\nlabels: b\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) { require.Equal(t, []string{"a", "b"}, d.Labels) },
		},
		{
			name: "an empty list is set: it replaces a weaker layer's",
			fm:   "labels: []\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) {
				require.Equal(t, []string{}, d.Labels)
				require.Equal(t, []string{}, Defaults{Labels: []string{"cfg"}}.Merge(d).Labels)
			},
		},
		{
			name: "front matter lists add to the preamble's without a word",
			fm:   "labels: [a]\nfiles: [go.mod]\n",
			pre:  "**Labels**: b\n**Files**: go.sum\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) {
				require.Equal(t, []string{"b"}, d.Labels) // labels: the plan's layer replaces (Merge)
				require.Equal(t, []string{"go.mod", "go.sum"}, d.Files)
			},
		},
		{
			name: "every front matter setting",
			fm: "prefix: shop\nsource_branch: release\nrepo: acme/shop\nagents_dir: .agents\ndev_agent: go-dev.md\n" +
				"dev_model: Opus\nqa_agents:\n  - name: qa-go\n    model: haiku\nmerge_agent: merger\nscrum_master: sm\n" +
				"team: Core platform\npriority: P2\nmax_retry_attempts: 5\nlabels: x, y\ncreated: 2026-01-02\nletters: parallel\n" +
				"allowed_paths: [src/**]\nforbidden_paths: [vendor/**]\nfiles: [src/a.go]\ntests: [go vet ./...]\ntimeout: 2h\n" +
				"role: engineer\nbranch_template: feat/{id}\ntitle: a document key, passed over\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) {
				require.Equal(t, "shop", d.Prefix)
				require.Equal(t, "release", d.SourceBranch)
				require.Equal(t, "acme/shop", d.Repo)
				require.Equal(t, ".agents", d.AgentsDir)
				require.Equal(t, "go-dev", d.DevAgent)
				require.Equal(t, "opus", d.DevModel)
				require.Equal(t, []QAAgent{{Name: "qa-go", Model: "haiku"}}, d.QAAgents)
				require.Equal(t, "merger", d.MergeAgent)
				require.Equal(t, "sm", d.ScrumMaster)
				require.Equal(t, "Core platform", d.Team)
				require.Equal(t, 2, *d.Priority)
				require.Equal(t, 5, *d.MaxRetry)
				require.Equal(t, []string{"x", "y"}, d.Labels)
				require.Equal(t, "2026-01-02", d.Created)
				require.Equal(t, "parallel", d.Letters)
				require.Equal(t, []string{"src/**"}, d.AllowedPaths)
				require.Equal(t, []string{"vendor/**"}, d.ForbiddenPaths)
				require.Equal(t, []string{"src/a.go"}, d.Files)
				require.Equal(t, []string{"go vet ./..."}, d.Tests)
				require.Equal(t, 120, *d.TimeoutMinutes)
				require.Equal(t, "engineer", d.Role)
				require.Equal(t, "feat/{id}", d.BranchTemplate)
				require.Equal(t, "p.md:25:18", d.BranchTemplateAt.String())
			},
			wantOrigin: map[string]string{"prefix": "p.md:2:1", "qa agents": "p.md:8:1", "max retry attempts": "p.md:15:1", "branch template": "p.md:25:1"},
		},
		{
			name: "bad settings in front matter: every one an error at its key",
			fm: "max_retry_attempts: 0\npriority: P9\ntimeout: soon\nrole: boss\nletters: random\ncreated: someday\n" +
				"dev_model: gpt-4o\ndev_agent: ../x\nfiles: [/etc/passwd]\nbranch_template: \"\"\nqa_agents: nobody\ncolour: blue\n",
			wantDiags: []string{
				`p.md:2:1: error: settings: max_retry_attempts "0": beads-ralph needs a whole number, 1 or more`,
				`p.md:3:1: error: settings: priority "P9": want P0-P4 or 0-4`,
				`p.md:4:1: error: settings: timeout "soon": want minutes like 45m, 2h or 90`,
				`p.md:5:1: error: settings: role "boss": want one of ` + strings.Join(Roles, ", "),
				`p.md:6:1: error: settings: letters "random": want one of auto, parallel, sequence`,
				`p.md:7:1: error: settings: created "someday": want a date like 2026-03-03 or March 3, 2026`,
				`p.md:8:1: error: settings: dev_model "gpt-4o": beads-ralph runs sonnet, opus or haiku`,
				`p.md:9:1: error: settings: dev_agent "../x": want a file name like python-backend-dev`,
				`p.md:10:1: error: settings: files: "/etc/passwd" is not relative to the repository: write paths from its root, like src/**`,
				`p.md:11:1: error: settings: branch_template is empty: want a template like beads/{plan}/{id}-{slug}`,
				`p.md:12:12: error: settings: qa_agents: want a list of agents, not a single value`,
				`p.md:13:1: warning: settings: unknown setting "colour" is ignored (settings: ` + settingKeys + `)`,
			},
		},
		{
			name: "sprint fields in the preamble are not read, with a warning at each",
			pre:  "**QA Agents**: qa-go (haiku)\n**Branch**: main\n**Status**: in progress\n",
			want: func(t *testing.T, d Defaults, _ *Sprint) {
				require.Nil(t, d.QAAgents)
				require.Equal(t, "", d.SourceBranch)
			},
			wantDiags: []string{
				`p.md:1:1: warning: "**QA Agents**: qa-go (haiku)" before the first phase is not read: it is a sprint's field; for every sprint, set qa_agents in the front matter or .architect.yaml`,
				`p.md:2:1: warning: "**Branch**: main" before the first phase is not read: it is a sprint's field; the plan's source branch is **Integration Branch**:, sprint branches are named by branch_template`,
			},
		},
		{
			name: "bad settings in the preamble: every one at its line",
			pre:  "**Timeout**: soon\n**Role**: boss\n**Letters**: random\n**Created**: someday\n**Files**: /etc/passwd\n**Priority**: Bugs first\n**Integration Branch**:\n",
			wantDiags: []string{
				`p.md:1:1: warning: "**Timeout**: soon" is read as prose, not as the plan's timeout (minutes like 45m, 2h or 90)`,
				`p.md:2:1: warning: "**Role**: boss" is read as prose, not as the plan's role (one of ` + strings.Join(Roles, ", ") + ")",
				`p.md:3:1: error: Letters "random": want one of auto, parallel, sequence`,
				`p.md:4:1: warning: "**Created**: someday" is read as prose, not as the plan's created (a date like 2026-03-03 or March 3, 2026)`,
				`p.md:5:1: error: plan files: "/etc/passwd" is not relative to the repository: write paths from its root, like src/**`,
				`p.md:6:1: warning: "**Priority**: Bugs first" is read as prose, not as the plan's priority (P0-P4 or 0-4)`,
				`p.md:7:1: error: Integration branch of the plan is empty`,
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := Parse("p.md", []byte(settingsPlan(tc.fm, tc.pre, tc.sprint)))
			require.Equal(t, tc.wantDiags, settingDiags(p))
			if tc.want != nil {
				require.Len(t, p.Sprints, 1)
				tc.want(t, p.Defaults, p.Sprints[0])
			}
			for name, at := range tc.wantOrigin {
				require.Equal(t, at, p.Defaults.At[name].String(), name)
			}
		})
	}
}

// TestSettingsTable holds the table to its promises: every setting has a
// name, a YAML key or a label, a way to store its value, and sprint labels
// that the sprint reader files under a field of the same meaning.
func TestSettingsTable(t *testing.T) {
	names := map[string]bool{}
	for _, s := range Settings {
		require.False(t, names[s.Name], "%s twice", s.Name)
		names[s.Name] = true
		require.NotEmpty(t, s.Keys, s.Name)
		require.NotNil(t, s.field, s.Name)
		if s.Kind == Value {
			require.NotNil(t, s.read, s.Name)
			require.NotEmpty(t, s.Want, s.Name)
		}
		if s.Where&FromPreamble != 0 {
			require.NotEmpty(t, s.Labels, s.Name)
		}
		require.Equal(t, s.Where&FromRalph != 0, s.RalphKey != "", s.Name)
		if s.Where&FromSprint != 0 {
			for _, l := range s.Labels {
				if l == "integration branch" {
					continue // the plan's integration branch; a sprint names its source branch
				}
				require.Equal(t, s.Name, sprintLabels[l], "sprint label %q", l)
			}
		}
	}
}

// TestSettingsCoverDefaults: every field of Defaults but the positions is
// one row's field, so Merge and the readers know every setting.
func TestSettingsCoverDefaults(t *testing.T) {
	var d Defaults
	rows := map[uintptr]string{}
	for _, s := range Settings {
		rows[reflect.ValueOf(s.field(&d)).Pointer()] = s.Name
	}
	v := reflect.ValueOf(&d).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.Name == "At" || f.Name == "BranchTemplateAt" {
			continue
		}
		_, ok := rows[v.Field(i).Addr().Pointer()]
		require.True(t, ok, "Defaults.%s has no row in Settings", f.Name)
	}
	require.Len(t, rows, v.NumField()-2)
}

// settingsDocTable renders the settings table as docs/plan-language.md
// shows it: one row per setting, with the places it may be written.
func settingsDocTable() string {
	var b strings.Builder
	b.WriteString("| setting | YAML keys | Markdown labels | beads-ralph.yaml | .architect.yaml | front matter | preamble | sprint | flag | a sprint's value |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	code := func(list []string) string {
		if len(list) == 0 {
			return ""
		}
		return "`" + strings.Join(list, "`, `") + "`"
	}
	for _, s := range Settings {
		mark := func(src Source) string {
			if s.Where&src != 0 {
				return "yes"
			}
			return ""
		}
		flag := ""
		if s.Where&FromFlag != 0 {
			flag = "`--" + strings.ReplaceAll(s.Name, " ", "-") + "`"
		}
		combine := ""
		switch {
		case s.Where&FromSprint == 0:
		case s.Combine == AddToList:
			combine = "adds to the plan's"
		default:
			combine = "replaces the plan's"
		}
		labels := s.Labels
		if s.Where&(FromPreamble|FromSprint) == 0 {
			labels = nil
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", s.Name, code(s.Keys), code(labels),
			mark(FromRalph), mark(FromConfig), mark(FromFrontMatter), mark(FromPreamble), mark(FromSprint), flag, combine)
	}
	return b.String()
}

// TestSettingsDoc holds docs/plan-language.md's settings table to the
// table the readers use.
func TestSettingsDoc(t *testing.T) {
	doc, err := os.ReadFile("../docs/plan-language.md")
	require.NoError(t, err)
	want := settingsDocTable()
	require.True(t, strings.Contains(string(doc), want), "docs/plan-language.md should hold the settings table:\n%s", want)
}

// FuzzSettings: front matter and a preamble of any bytes never panic the
// readers, and every diagnostic they give is at a position in the file.
func FuzzSettings(f *testing.F) {
	f.Add("source_branch: release\nteam: Ops\n", "**Integration Branch**: develop\n**Team**: Core platform\n")
	f.Add("max_retry_attempts: 0\nqa_agents: [{name: x, model: gpt}]\n", "**Team**: A\n**Team**: B\n**Labels**: a\n**Label**: b\n")
	f.Add("files: [/etc]\ntimeout: soon\n", "**Target Files**: `a b`, /x\n**Time budget**: 1h30m\n**Priority**: Bugs first\n")
	f.Fuzz(func(t *testing.T, fm, pre string) {
		p := Parse("p.md", []byte(settingsPlan(fm, pre, "")))
		for _, d := range p.Diags {
			if d.Severity == Error && strings.HasPrefix(d.Msg, "settings: ") {
				require.True(t, d.Pos.IsValid(), d.Error())
			}
		}
	})
}
