package parser

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// TestReadHeading: what a heading's text says, through emoji, strike-
// through, markers and slips of punctuation.
func TestReadHeading(t *testing.T) {
	type want struct {
		kind                 headKind
		id, title            string
		struck               bool
		skip, done, progress string
		loose                string
	}
	for md, w := range map[string]want{
		"## Phase 1: Ingest":                             {kind: headPhase, id: "1", title: "Ingest"},
		"## Phase 3a - Web":                              {kind: headPhase, id: "3a", title: "Web"},
		"## Phase 2":                                     {kind: headPhase, id: "2"},
		"## 🚀 Phase 2: Launch":                           {kind: headPhase, id: "2", title: "Launch"},
		"### Phase 3 Scope Change":                       {kind: headPhaseProse, id: "3", title: "Scope Change"},
		"### Phase One: Kickoff":                         {kind: headPhaseProse, id: "One", title: "Kickoff"},
		"### Sprint 2":                                   {kind: headSprintProse, id: "2"},
		"## Phase 2.5 - Hotfixes":                        {kind: headPhase, id: "2.5", title: "Hotfixes"},
		"### Phase out the old API":                      {kind: headOther},
		"### Phase planning":                             {kind: headOther},
		"### Phases":                                     {kind: headOther},
		"### Sprint 1.2a: Backend (Parallel)":            {kind: headSprint, id: "1.2a", title: "Backend"},
		"### Sprint 1.4. Dotted title":                   {kind: headSprint, id: "1.4", title: "Dotted title"},
		"### ✅ Sprint 1.1: Setup":                        {kind: headSprint, id: "1.1", title: "Setup", done: "✅"},
		"### Sprint 1.1: Setup ✅":                        {kind: headSprint, id: "1.1", title: "Setup", done: "✅"},
		"### Sprint 2.1 retrospective":                   {kind: headSprintProse, id: "2.1", title: "retrospective"},
		"### ~~Sprint 3.1a: Planner~~ (SKIPPED)":         {kind: headSprint, id: "3.1a", title: "Planner", struck: true, skip: "SKIPPED"},
		"### Sprint 3.1b: ~~Old idea~~":                  {kind: headSprint, id: "3.1b", title: "Old idea", struck: true},
		"### Sprint 3.1c: <del>Old idea</del>":           {kind: headSprint, id: "3.1c", title: "Old idea", struck: true},
		"### <s>Sprint 3.1d: Old</s> idea":               {kind: headSprint, id: "3.1d", title: "Old idea", struck: true},
		"### Sprint 1.2: Use ~~Redis~~ Postgres":         {kind: headSprint, id: "1.2", title: "Use Redis Postgres"},
		"## Phase 3: ~~Planning System~~ ❌ OUT OF SCOPE": {kind: headPhase, id: "3", title: "Planning System", struck: true, skip: "❌"},
		"### Sprint 4.2: Reports (deferred)":             {kind: headSprint, id: "4.2", title: "Reports", skip: "deferred"},
		"### Sprint 4.3: Exports DROPPED":                {kind: headSprint, id: "4.3", title: "Exports", skip: "DROPPED"},
		"### Sprint 4.4: Deferred revenue report":        {kind: headSprint, id: "4.4", title: "Deferred revenue report", loose: "Deferred"},
		"### Sprint 4.5: Handle cancelled orders":        {kind: headSprint, id: "4.5", title: "Handle cancelled orders"},
		"### Sprint 4.6: Sync (WIP)":                     {kind: headSprint, id: "4.6", title: "Sync", progress: "WIP"},
		"### Sprint 1.A: Bad":                            {kind: headSprint, id: "1.A", title: "Bad"},
		"### Sprint planning notes":                      {kind: headOther},
	} {
		doc := NewMarkdown().Parse(text.NewReader([]byte(md)))
		h, ok := doc.FirstChild().(*ast.Heading)
		require.True(t, ok, md)
		_, got := readHeading(h, []byte(md))
		assert.Equal(t, w, want{got.kind, got.id, got.title, got.struck, got.skip, got.done, got.progress, got.loose}, md)
	}
}

// TestCanonicalIDs: ids compare as numbers.
func TestCanonicalIDs(t *testing.T) {
	assert.Equal(t, "1.1", canonicalSprintID("01.01"))
	assert.Equal(t, "3a.2b", canonicalSprintID("03a.002b"))
	assert.Equal(t, "0.0", canonicalSprintID("00.0"))
	assert.Equal(t, "1", canonicalPhaseID("001"))
	assert.Equal(t, "1.x", canonicalSprintID("1.x"))
}

func TestCollapseIsFieldsJoined(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b", "a\u2003 b", "Sprint 1.2: ✅ Done", "x\u0085y", "  ", "a b c", "é ü"} {
		if got, want := collapse(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapse(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzCollapse(f *testing.F) {
	f.Add("a  b\t c\u00a0")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := collapse(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapse(%q) = %q, want %q", s, got, want)
		}
	})
}

// edgeFields is the first and last of strings.Fields.
func FuzzEdgeFields(f *testing.F) {
	for _, s := range []string{"", " ", "a", " a b\tc\u00a0", "\u2003x\u2003", "a\xffb c", "DEFERRED payment"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words := strings.Fields(s)
		first, last, ok := edgeFields(s)
		if ok != (len(words) > 0) || ok && (first != words[0] || last != words[len(words)-1]) {
			t.Errorf("edgeFields(%q) = %q, %q, %v; strings.Fields gives %q", s, first, last, ok, words)
		}
	})
}
