package review

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/beads-architect/architect/annotate"
	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/emit/emittest"
	"github.com/beads-architect/architect/parser"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The live goldens read bd exports recorded from the real bd
// (TestRecordLiveExports), so they need no bd.

// liveNow is the clock of the live goldens: after every date the recorded
// exports hold.
var liveNow = time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)

// livePlanFile is the plan_file of the recorded beads.
const livePlanFile = "plans/flight.md"

// liveCase is a plan, as the file testdata/live/flight.md, beside a
// recorded database.
type liveCase struct {
	name   string // the goldens' base name
	src    func(t *testing.T) []byte
	export string // the recorded bd export; "" for an empty database
}

func liveFile(name string) func(t *testing.T) []byte {
	return func(t *testing.T) []byte {
		t.Helper()
		data, err := os.ReadFile(filepath.Join("testdata/live", name))
		require.NoError(t, err)
		return data
	}
}

// flightCase is agents at work: two sprints closed, one started, one set
// blocked by hand, one waiting on a bead from outside the plan.
var flightCase = liveCase{"flight", liveFile("flight.md"), "flight.jsonl"}

var liveCases = []liveCase{
	flightCase,
	// The plan edited since: a title changed, a sprint marked done that is
	// in progress, a sprint removed and one added, an annotation naming a
	// bead the database does not hold.
	{"edited", liveFile("flight-edited.md"), "flight.jsonl"},
	// Nothing applied yet.
	{"fresh", liveFile("flight.md"), ""},
	// The plan after status --write: no drift.
	{"synced", syncedPlan, "flight.jsonl"},
}

// liveOf builds the live view of a case as architect status does: the plan
// compiled, the export read, and the diff apply would make.
func liveOf(t *testing.T, c liveCase) (emittest.Plan, *Live) {
	t.Helper()
	p := emittest.Compile(t, livePlanFile, c.src(t))
	var issues []bdsync.Issue
	if c.export != "" {
		data, err := os.ReadFile(filepath.Join("testdata/live", c.export))
		require.NoError(t, err)
		issues, err = bdsync.Read(data)
		require.NoError(t, err)
	}
	pinned := map[string]bool{}
	for _, s := range p.Graph.Plan.Sprints {
		if s.Annotation != nil {
			pinned[s.Annotation.ID] = true
		}
	}
	sync, err := bdsync.Diff(p.Beads, issues, bdsync.SyncOptions{PlanFile: livePlanFile, Now: liveNow, Pinned: pinned})
	require.NoError(t, err)
	return p, NewLive(p.Graph, LiveOptions{Beads: p.Beads, Issues: issues, Sync: sync, Now: liveNow,
		Database: &LiveDatabase{BDVersion: "1.3.0", Path: "/src/shop/.beads", Prefix: "fl"}})
}

// syncedPlan is flight.md with the statuses of flight.jsonl written into
// it, as status --write writes them; kept as testdata/live/flight-synced.md
// for people to read (rewritten with -update).
func syncedPlan(t *testing.T) []byte {
	t.Helper()
	_, l := liveOf(t, flightCase)
	src := liveFile("flight.md")(t)
	out, res, err := annotate.WriteStatus(parser.Parse("flight.md", src), l.Statuses())
	require.NoError(t, err)
	require.Len(t, res.Changed, 4, "1.1 and 1.2a closed, 1.2b in progress, 3b.1 blocked")
	golden(t, "testdata/live/flight-synced.md", out)
	return out
}

func renderLive(t *testing.T, l *Live, st emit.Style) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, l.WriteText(&buf, st))
	return buf.Bytes()
}

// coloredLive are the cases whose coloured text is kept as a golden too.
var coloredLive = map[string]bool{"flight": true, "edited": true}

func TestLiveGolden(t *testing.T) {
	for _, c := range liveCases {
		t.Run(c.name, func(t *testing.T) {
			_, l := liveOf(t, c)
			plain := renderLive(t, l, emit.Style{})
			assert.NotContains(t, string(plain), "\x1b", "the plain text has an escape sequence")
			golden(t, "testdata/live/"+c.name+".txt", plain)
			color := renderLive(t, l, emit.Style{Color: true})
			assert.Equal(t, string(plain), string(ansi.ReplaceAll(color, nil)), "colour only adds escape sequences")
			if coloredLive[c.name] {
				golden(t, "testdata/live/"+c.name+".color.txt", color)
			}
			data, err := LiveJSON(l)
			require.NoError(t, err)
			golden(t, "testdata/live/"+c.name+".json", data)
		})
	}
}

// The facts the goldens show, asserted one by one.
func TestLiveFacts(t *testing.T) {
	_, l := liveOf(t, liveCases[0])
	assert.Equal(t, LiveCounts{Sprints: 9, Closed: 2, InProgress: 1, Ready: 1, Blocked: 5, Missing: 0, DonePercent: 22}, l.Counts)
	assert.Equal(t, []string{"1.2c"}, l.Ready)
	assert.Equal(t, []string{"1.2b"}, l.InProgress)
	assert.Equal(t, []string{"1.2b", "1.3", "2.1", "3a.1", "4.1"}, l.RemainingCriticalPath)
	var blocked []string
	for _, b := range l.Blocked {
		blocked = append(blocked, b.Sprint)
	}
	assert.Equal(t, []string{"1.3", "2.1", "3a.1", "3b.1", "4.1"}, blocked)
	assert.Equal(t, []LiveBlocker{{Sprint: "1.2b", Bead: l.sprint("1.2b").Bead, State: StateInProgress},
		{Sprint: "1.2c", Bead: l.sprint("1.2c").Bead, State: StateReady}}, l.Blocked[0].By)
	assert.Equal(t, []LiveBlocker{{Sprint: "1.3", Bead: l.sprint("1.3").Bead, State: StateBlocked},
		{Bead: "fl-ext001", State: "open"}}, l.Blocked[1].By)
	assert.Equal(t, "status blocked in bd", l.Blocked[3].Reason)
	assert.Equal(t, []string{"1.3", "4.1"}, mergeIDs(l))
	assert.Equal(t, []string{DriftClosedInDatabase, DriftClosedInDatabase}, driftKinds(l))

	_, e := liveOf(t, liveCases[1])
	assert.Equal(t, []string{DriftCreate, DriftCreate, DriftUpdate, DriftUpdate, DriftUpdate, DriftUpdate, DriftUpdate,
		DriftOrphan, DriftOrphan, DriftAnnotation, DriftClosedInDatabase, DriftClosedInDatabase, DriftClosedInPlan}, driftKinds(e))
	assert.Equal(t, []string{"2.2", "3b.1"}, e.Missing)

	_, f := liveOf(t, liveCases[2])
	assert.Equal(t, LiveCounts{Sprints: 9, Missing: 9}, f.Counts)
	assert.Equal(t, f.CriticalPath, f.RemainingCriticalPath, "nothing closed: the remaining path is the plan's")

	// Synced, the plan calls 1.2a done: its work is on the source branch,
	// so the merge bead 1.3 no longer lists its branch (contract §4).
	_, s := liveOf(t, liveCases[3])
	assert.Equal(t, []string{DriftUpdate}, driftKinds(s))
	assert.Equal(t, "1.3", s.Drift[0].Sprint)
	assert.Equal(t, "metadata.branches_to_merge", s.Drift[0].Fields[0].Field)
	assert.Equal(t, l.Counts, s.Counts)
}

// The live ready set is the one bd ready gave on the recorded database.
func TestLiveReadyIsBDReady(t *testing.T) {
	_, l := liveOf(t, liveCases[0])
	data, err := os.ReadFile("testdata/live/flight.ready")
	require.NoError(t, err)
	var want []string
	plan := map[string]bool{}
	for _, s := range l.Sprints {
		plan[s.Bead] = true
	}
	for _, id := range strings.Fields(string(data)) {
		if plan[id] {
			want = append(want, id)
		}
	}
	var got []string
	for _, id := range l.Ready {
		got = append(got, l.sprint(id).Bead)
	}
	slices.Sort(got)
	assert.Equal(t, want, got)
}

// A database where every bead is closed: nothing remains.
func TestLiveAllClosed(t *testing.T) {
	p := emittest.Compile(t, livePlanFile, liveFile("flight.md")(t))
	issues := make([]bdsync.Issue, len(p.Beads))
	for i, b := range p.Beads {
		issues[i] = bdsync.Issue{ID: b.ID, Status: "closed"}
	}
	sync, err := bdsync.Diff(p.Beads, nil, bdsync.SyncOptions{PlanFile: livePlanFile})
	require.NoError(t, err)
	l := NewLive(p.Graph, LiveOptions{Beads: p.Beads, Issues: issues, Sync: sync, Now: liveNow})
	assert.Equal(t, LiveCounts{Sprints: 9, Closed: 9, DonePercent: 100}, l.Counts)
	assert.Empty(t, l.RemainingCriticalPath)
	assert.Empty(t, l.Merges)
	assert.Contains(t, string(renderLive(t, l, emit.Style{})), "\nRemaining critical path: none; every sprint is closed\n")
}

// With nothing in the database, the remaining critical path is the plan's
// critical path, on every test plan.
func TestLiveRemainingIsCriticalWhenNothingIsClosed(t *testing.T) {
	for _, c := range graphPlans(t) {
		sync, err := bdsync.Diff(c.Beads, nil, bdsync.SyncOptions{PlanFile: c.Beads[0].Metadata.PlanFile})
		require.NoError(t, err)
		l := NewLive(c.Graph, LiveOptions{Beads: c.Beads, Sync: sync, Now: liveNow})
		assert.Equal(t, ids(c.Graph.CriticalPath), l.RemainingCriticalPath, c.Name)
		assert.Equal(t, len(c.Graph.Nodes), l.Counts.Missing, c.Name)
	}
}

// A bead deferred past now is not ready; one deferred to a past date is.
func TestLiveDeferred(t *testing.T) {
	p := emittest.Compile(t, livePlanFile, []byte("## Phase 1: A\n### Sprint 1.1: One\n- one\n### Sprint 1.2: Two\n- two\n"))
	issues := []bdsync.Issue{
		{ID: p.Beads[0].ID, Status: "open", Fields: map[string]json.RawMessage{"defer_until": json.RawMessage(`"2027-02-01T00:00:00Z"`)}},
		{ID: p.Beads[1].ID, Status: "open"},
	}
	sync, err := bdsync.Diff(p.Beads, nil, bdsync.SyncOptions{PlanFile: livePlanFile})
	require.NoError(t, err)
	l := NewLive(p.Graph, LiveOptions{Beads: p.Beads, Issues: issues, Sync: sync, Now: liveNow})
	assert.Equal(t, "deferred until 2027-02-01T00:00:00Z", l.Blocked[0].Reason)
	assert.Equal(t, []string{"1.2"}, l.Ready, "its dependency is not in the bead's dependencies in the database")
	l = NewLive(p.Graph, LiveOptions{Beads: p.Beads, Issues: issues, Sync: sync, Now: liveNow.AddDate(1, 0, 0)})
	assert.Equal(t, []string{"1.1", "1.2"}, l.Ready)
}

// A bead that an apply wrote ahead and has not finished is blocked, and
// says why.
func TestLivePending(t *testing.T) {
	p := emittest.Compile(t, livePlanFile, []byte("## Phase 1: A\n### Sprint 1.1: One\n- one\n### Sprint 1.2: Two\n- two\n"))
	issues := []bdsync.Issue{
		{ID: p.Beads[0].ID, Status: "deferred", Metadata: map[string]json.RawMessage{bdsync.PendingKey: json.RawMessage(`"x"`)}},
		{ID: p.Beads[1].ID, Status: "deferred"},
	}
	sync, err := bdsync.Diff(p.Beads, nil, bdsync.SyncOptions{PlanFile: livePlanFile})
	require.NoError(t, err)
	l := NewLive(p.Graph, LiveOptions{Beads: p.Beads, Issues: issues, Sync: sync, Now: liveNow})
	require.Len(t, l.Blocked, 2)
	assert.Equal(t, "written ahead by an apply that has not finished; architect apply finishes it", l.Blocked[0].Reason)
	assert.Equal(t, "status deferred in bd", l.Blocked[1].Reason)
	assert.Empty(t, l.Ready)
}

// The live graph exports: the goldens, and each one's live facts.
func TestLiveGraphGolden(t *testing.T) {
	for _, c := range liveCases[:2] {
		p, l := liveOf(t, c)
		for _, v := range graphVariants {
			o := v.opts
			o.Beads, o.Live = p.Beads, l
			dot, err := DOT(p.Graph, o)
			require.NoError(t, err)
			golden(t, "testdata/live/"+c.name+".live"+v.suffix+".dot", dot)
			golden(t, "testdata/live/"+c.name+".live"+v.suffix+".mmd", Mermaid(p.Graph, o))
		}
		data, err := GraphJSON(p.Graph, Options{Beads: p.Beads, Live: l})
		require.NoError(t, err)
		golden(t, "testdata/live/"+c.name+".live.json", data)

		var doc GraphDoc
		require.NoError(t, json.Unmarshal(data, &doc))
		require.NotNil(t, doc.Live)
		assert.Equal(t, l.RemainingCriticalPath, doc.Live.RemainingCriticalPath)
		assert.Equal(t, ids(p.Graph.CriticalPath), doc.CriticalPath, "critical_path stays the plan's")
		for _, n := range doc.Nodes {
			assert.Equal(t, l.sprint(n.ID).State, n.Live, n.ID)
		}
	}
}

// Without Live, the exports are what they were: the live colours come only
// with a live view.
func TestLiveGraphOnlyWhenAsked(t *testing.T) {
	p, _ := liveOf(t, liveCases[0])
	dot, err := DOT(p.Graph, Options{Beads: p.Beads})
	require.NoError(t, err)
	assert.NotContains(t, string(dot), "legend")
	assert.NotContains(t, string(Mermaid(p.Graph, Options{Beads: p.Beads})), "live_legend")
	data, err := GraphJSON(p.Graph, Options{Beads: p.Beads})
	require.NoError(t, err)
	assert.NotContains(t, string(data), `"live"`)
}

func mergeIDs(l *Live) []string {
	var out []string
	for _, m := range l.Merges {
		out = append(out, m.Sprint)
	}
	return out
}

func driftKinds(l *Live) []string {
	var out []string
	for _, d := range l.Drift {
		out = append(out, d.Kind)
	}
	return out
}
