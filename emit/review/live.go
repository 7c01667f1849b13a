package review

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/emit/bdsync"
	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// The live state of a sprint: where its bead stands in the database.
const (
	StateClosed     = "closed"
	StateInProgress = "in_progress"
	StateReady      = "ready"   // bd ready lists it now
	StateBlocked    = "blocked" // open, but something holds it back
	StateMissing    = "missing" // not in the database: architect apply creates it
)

// liveStates are the live states, in the order the views list them.
var liveStates = []string{StateClosed, StateInProgress, StateReady, StateBlocked, StateMissing}

// liveLabel names a live state for people.
var liveLabel = map[string]string{
	StateClosed:     "closed",
	StateInProgress: "in progress",
	StateReady:      "ready",
	StateBlocked:    "blocked",
	StateMissing:    "not in the database",
}

// The kinds of drift between a plan and its database.
const (
	// DriftCreate is a sprint whose bead architect apply would create.
	DriftCreate = "create"
	// DriftUpdate is a bead whose plan-owned fields architect apply would
	// rewrite.
	DriftUpdate = "update"
	// DriftOrphan is an open bead of this plan whose sprint the plan no
	// longer has.
	DriftOrphan = "orphan"
	// DriftAnnotation is an annotation naming a bead the database does not
	// hold.
	DriftAnnotation = "annotation"
	// DriftClosedInPlan is a sprint the plan calls done whose bead is open.
	DriftClosedInPlan = "closed_in_plan"
	// DriftClosedInDatabase is a closed bead whose sprint the plan does not
	// call done.
	DriftClosedInDatabase = "closed_in_database"
)

// LiveOptions is what a live view is built from.
type LiveOptions struct {
	// Beads are the plan's compiled beads, indexed by planner.Node.Order,
	// compiled with the database's prefix (as architect apply compiles
	// them).
	Beads []emit.Bead
	// Issues is the whole database, as one bd export gave it.
	Issues []bdsync.Issue
	// Sync is what architect apply would do: bdsync.Diff of Beads against
	// Issues. Its IDs say which bead is each sprint's.
	Sync *bdsync.SyncPlan
	// Now decides which defer_until dates are past.
	Now time.Time
	// Database names the database in the report; optional.
	Database *LiveDatabase
}

// LiveDatabase is the database a live view was read from.
type LiveDatabase struct {
	BDVersion string `json:"bd_version"`
	Path      string `json:"path"`
	Prefix    string `json:"prefix"`
}

// Live is a plan beside its beads database: what `architect status`
// reports, and what `architect graph --live` colours.
type Live struct {
	Plan     string        `json:"plan"`
	Title    string        `json:"title"`
	Database *LiveDatabase `json:"database,omitempty"`
	Counts   LiveCounts    `json:"counts"`
	// Ready are the sprints bd ready releases now; InProgress, Blocked and
	// Missing the others that are not closed. All in execution order.
	Ready      []string      `json:"ready"`
	InProgress []string      `json:"in_progress"`
	Blocked    []LiveBlocked `json:"blocked"`
	Missing    []string      `json:"missing"`
	// Sprints are every compiled sprint, in execution order.
	Sprints []LiveSprint `json:"sprints"`
	Waves   [][]string   `json:"waves"`
	// CriticalPath is the plan's; RemainingCriticalPath the longest chain
	// of sprints not yet closed.
	CriticalPath          []string `json:"critical_path"`
	RemainingCriticalPath []string `json:"remaining_critical_path"`
	// Merges are the merge points still waiting for a branch.
	Merges []LiveMerge `json:"merges"`
	Drift  []Drift     `json:"drift"`
	// Apply counts what architect apply would do.
	Apply LiveApply `json:"apply"`

	g    *planner.Graph
	sync *bdsync.SyncPlan
}

// LiveCounts counts the sprints by live state. DonePercent is the share
// closed, rounded down.
type LiveCounts struct {
	Sprints     int `json:"sprints"`
	Closed      int `json:"closed"`
	InProgress  int `json:"in_progress"`
	Ready       int `json:"ready"`
	Blocked     int `json:"blocked"`
	Missing     int `json:"missing"`
	DonePercent int `json:"done_percent"`
}

// LiveSprint is one compiled sprint and its bead.
type LiveSprint struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Phase string `json:"phase"`
	Line  int    `json:"line"`
	// Wave is 0-based, as in the graph JSON.
	Wave  int    `json:"wave"`
	State string `json:"state"`
	Bead  string `json:"bead"`
	// BDStatus is the bead's status in the database, "" when it is missing;
	// PlanStatus the status the plan gives the sprint.
	BDStatus   string `json:"bd_status,omitempty"`
	PlanStatus string `json:"plan_status"`
	Branch     string `json:"branch"`
	// Assignee is the bead's assignee when someone other than the one the
	// plan assigns (the scrum master) has claimed it.
	Assignee string `json:"assignee,omitempty"`
	Merge    bool   `json:"merge"`
	// RemainingCritical marks the sprints on the remaining critical path.
	RemainingCritical bool `json:"remaining_critical"`
}

// LiveBlocked is a blocked sprint and what holds it back: the beads it
// waits on, or a reason (a status set in bd, a defer date).
type LiveBlocked struct {
	Sprint string        `json:"sprint"`
	Bead   string        `json:"bead"`
	By     []LiveBlocker `json:"by"`
	Reason string        `json:"reason,omitempty"`
}

// LiveBlocker is a bead a sprint waits on. Sprint is empty for a bead that
// is not one of the plan's; State is a plan bead's live state, else the
// bead's status in bd.
type LiveBlocker struct {
	Sprint string `json:"sprint,omitempty"`
	Bead   string `json:"bead"`
	State  string `json:"state"`
	// Gate is a gate's await type (human, timer, gh:pr, gh:run), Title
	// its title and Resolve the command that resolves it by hand.
	Gate    string `json:"gate,omitempty"`
	Title   string `json:"title,omitempty"`
	Resolve string `json:"resolve,omitempty"`
}

// LiveMerge is a merge point that still waits for some of its branches.
type LiveMerge struct {
	Sprint string `json:"sprint"`
	Title  string `json:"title"`
	Bead   string `json:"bead"`
	Branch string `json:"branch"`
	State  string `json:"state"`
	// WaitingFor are the sprints it merges that are not closed.
	WaitingFor []LiveBranch `json:"waiting_for"`
}

// LiveBranch is a sprint a merge point waits for, and its branch.
type LiveBranch struct {
	Sprint string `json:"sprint"`
	Bead   string `json:"bead"`
	Branch string `json:"branch"`
	State  string `json:"state"`
}

// Drift is one way the database and the plan disagree.
type Drift struct {
	Kind   string `json:"kind"`
	Sprint string `json:"sprint,omitempty"`
	Bead   string `json:"bead"`
	Title  string `json:"title,omitempty"`
	// Line is the annotation's line, for DriftAnnotation.
	Line int `json:"line,omitempty"`
	// Fields are the plan-owned fields that differ, for DriftUpdate.
	Fields []DriftField `json:"fields,omitempty"`
	// Message says it in a sentence.
	Message string `json:"message"`
}

// DriftField is a field architect apply would rewrite. Old and New are
// short renderings, empty when a value is too long to show.
type DriftField struct {
	Field string `json:"field"`
	Old   string `json:"old,omitempty"`
	New   string `json:"new,omitempty"`
}

// LiveApply counts what architect apply would do.
type LiveApply struct {
	Create    int `json:"create"`
	Update    int `json:"update"`
	Unchanged int `json:"unchanged"`
	Orphans   int `json:"orphans"`
}

// NewLive puts a compiled plan beside its database. o.Sync must be the
// diff of o.Beads against o.Issues.
func NewLive(g *planner.Graph, o LiveOptions) *Live {
	l := &Live{
		Plan:         g.Plan.File,
		Title:        g.Plan.Title,
		Database:     o.Database,
		Ready:        []string{},
		InProgress:   []string{},
		Blocked:      []LiveBlocked{},
		Missing:      []string{},
		Sprints:      make([]LiveSprint, len(g.Nodes)),
		Waves:        make([][]string, len(g.Waves)),
		CriticalPath: ids(g.CriticalPath),
		Merges:       []LiveMerge{},
		Drift:        []Drift{},
		g:            g,
		sync:         o.Sync,
	}
	if len(o.Beads) > 0 {
		l.Plan = o.Beads[0].Metadata.PlanFile
	}
	byID := bdsync.Index(o.Issues)
	issue, sprintOf := l.matchBeads(g, o, byID)
	// States: first what the database says of each bead, then who blocks
	// whom (a blocker's state must be known to name it).
	l.setStates(g, issue, byID, o.Now)
	blocked := l.blockers(g, issue, byID, sprintOf, o.Now)
	l.count(g, blocked)
	l.RemainingCriticalPath = ids(remainingPath(g, l.Sprints))
	for _, id := range l.RemainingCriticalPath {
		l.Sprints[g.Node(id).Order].RemainingCritical = true
	}

	l.waitingMerges(g)
	l.drift(g, o, issue, byID)
	return l
}

// matchBeads fills in each sprint's bead and what the database says of
// it, and returns the database's issue of each sprint (by Order; nil when
// missing) and the sprint of each bead id.
func (l *Live) matchBeads(g *planner.Graph, o LiveOptions, byID map[string]*bdsync.Issue) ([]*bdsync.Issue, map[string]*planner.Node) {
	issue := make([]*bdsync.Issue, len(g.Nodes)) // by Order; nil when missing
	sprintOf := make(map[string]*planner.Node, len(g.Nodes))
	for _, n := range g.Nodes {
		s := &l.Sprints[n.Order]
		b := &o.Beads[n.Order]
		*s = LiveSprint{ID: n.ID(), Title: n.Sprint.Title, Phase: n.Sprint.Phase.ID, Line: n.Sprint.Heading.Pos.Line,
			Wave: n.Wave, Bead: b.ID, PlanStatus: b.Status, Branch: b.Metadata.Branch, Merge: len(b.Metadata.BranchesToMerge) > 0}
		if id, ok := o.Sync.IDs[b.Metadata.PlanSprintID]; ok {
			s.Bead = id
		}
		sprintOf[s.Bead] = n
		if is := byID[s.Bead]; is != nil {
			issue[n.Order] = is
			s.BDStatus = is.State()
			if a := is.FieldString("assignee"); a != b.Assignee {
				s.Assignee = a
			}
			if br := is.MetaString("branch"); br != "" {
				s.Branch = br
			}
		}
	}

	return issue, sprintOf
}

// setStates gives each sprint its live state from its bead.
func (l *Live) setStates(g *planner.Graph, issue []*bdsync.Issue, byID map[string]*bdsync.Issue, now time.Time) {
	for _, n := range g.Nodes {
		s, is := &l.Sprints[n.Order], issue[n.Order]
		switch {
		case is == nil:
			s.State = StateMissing
		case is.State() == bdsync.StatusClosed:
			s.State = StateClosed
		case is.State() == bdsync.StatusInProgress || is.State() == bdsync.StatusHooked:
			s.State = StateInProgress
		case is.Ready(byID, now):
			s.State = StateReady
		default:
			s.State = StateBlocked
		}
	}
}

// blockers names, for each blocked sprint (by Order), what blocks it: the
// plan's sprints in execution order, then other beads by id, or the reason
// when nothing does.
func (l *Live) blockers(g *planner.Graph, issue []*bdsync.Issue, byID map[string]*bdsync.Issue, sprintOf map[string]*planner.Node, now time.Time) map[int]LiveBlocked {
	blocked := map[int]LiveBlocked{}
	for _, n := range g.Nodes {
		s, is := &l.Sprints[n.Order], issue[n.Order]
		if s.State != StateBlocked {
			continue
		}
		lb := LiveBlocked{Sprint: s.ID, Bead: s.Bead, By: []LiveBlocker{}}
		for _, id := range is.Blockers(byID) {
			b := LiveBlocker{Bead: id, State: byID[id].State()}
			if g := byID[id]; g.IsGate() {
				_ = json.Unmarshal(g.Fields["await_type"], &b.Gate)
				b.Title, b.Resolve = g.Title, "bd gate resolve "+id
			}
			if m := sprintOf[id]; m != nil {
				b.Sprint, b.State = m.ID(), l.Sprints[m.Order].State
			}
			lb.By = append(lb.By, b)
		}
		// The plan's sprints in execution order, then other beads by id.
		sort.SliceStable(lb.By, func(i, j int) bool {
			a, b := sprintOf[lb.By[i].Bead], sprintOf[lb.By[j].Bead]
			switch {
			case a != nil && b != nil:
				return a.Order < b.Order
			case a != nil || b != nil:
				return a != nil
			}
			return lb.By[i].Bead < lb.By[j].Bead
		})
		switch st := is.State(); {
		case is.Pending():
			lb.Reason = "written ahead by an apply that has not finished; architect apply finishes it"
		case st != bdsync.StatusOpen:
			lb.Reason = "status " + st + " in bd"
		case len(lb.By) == 0:
			if t, later := is.DeferredUntil(now); later {
				lb.Reason = "deferred until " + t.UTC().Format(time.RFC3339)
			}
		}
		blocked[n.Order] = lb
	}

	return blocked
}

// count counts the sprints by state and lists them.
func (l *Live) count(g *planner.Graph, blocked map[int]LiveBlocked) {
	for _, n := range g.Nodes {
		s := &l.Sprints[n.Order]
		switch s.State {
		case StateClosed:
			l.Counts.Closed++
		case StateInProgress:
			l.Counts.InProgress++
			l.InProgress = append(l.InProgress, s.ID)
		case StateReady:
			l.Counts.Ready++
			l.Ready = append(l.Ready, s.ID)
		case StateBlocked:
			l.Counts.Blocked++
			l.Blocked = append(l.Blocked, blocked[n.Order])
		case StateMissing:
			l.Counts.Missing++
			l.Missing = append(l.Missing, s.ID)
		}
	}
	l.Counts.Sprints = len(g.Nodes)
	if len(g.Nodes) > 0 {
		l.Counts.DonePercent = l.Counts.Closed * 100 / len(g.Nodes)
	}
	for i, w := range g.Waves {
		l.Waves[i] = ids(w)
	}

}

// waitingMerges lists the merge beads not yet closed that wait on branches.
func (l *Live) waitingMerges(g *planner.Graph) {
	for _, n := range g.Nodes {
		s := l.Sprints[n.Order]
		if !s.Merge || s.State == StateClosed { // a merge bead, as emit decided it
			continue
		}
		m := LiveMerge{Sprint: s.ID, Title: s.Title, Bead: s.Bead, Branch: s.Branch, State: s.State, WaitingFor: []LiveBranch{}}
		for _, d := range n.Deps {
			ds := l.Sprints[d.Order]
			if ds.State != StateClosed {
				m.WaitingFor = append(m.WaitingFor, LiveBranch{Sprint: ds.ID, Bead: ds.Bead, Branch: ds.Branch, State: ds.State})
			}
		}
		if len(m.WaitingFor) > 0 {
			l.Merges = append(l.Merges, m)
		}
	}

}

// remainingPath is the longest chain of sprints not yet closed, first
// sprint first; ties go to the chain earliest in execution order, as for
// the plan's critical path.
func remainingPath(g *planner.Graph, sprints []LiveSprint) []*planner.Node {
	open := func(n *planner.Node) bool { return sprints[n.Order].State != StateClosed }
	order := make([]*planner.Node, 0, len(g.Nodes))
	for _, n := range g.Nodes {
		if open(n) {
			order = append(order, n)
		}
	}
	// A dependency is always in an earlier wave: wave, then execution
	// order, is an order in which every chain can be extended.
	sort.SliceStable(order, func(i, j int) bool { return order[i].Wave < order[j].Wave })
	length := make([]int, len(g.Nodes))
	via := make([]*planner.Node, len(g.Nodes))
	var end *planner.Node
	for _, n := range order {
		length[n.Order] = 1
		for _, d := range n.Deps {
			if open(d) && length[d.Order]+1 > length[n.Order] {
				length[n.Order] = length[d.Order] + 1
				via[n.Order] = d
			}
		}
		if end == nil || length[n.Order] > length[end.Order] || (length[n.Order] == length[end.Order] && n.Order < end.Order) {
			end = n
		}
	}
	if end == nil {
		return nil
	}
	path := make([]*planner.Node, length[end.Order])
	for i, n := len(path)-1, end; n != nil; i, n = i-1, via[n.Order] {
		path[i] = n
	}
	return path
}

// drift lists where the database and the plan disagree: what apply would
// change, annotations naming beads the database lacks, and sprints whose
// done-ness differs.
func (l *Live) drift(g *planner.Graph, o LiveOptions, issue []*bdsync.Issue, byID map[string]*bdsync.Issue) {
	p := o.Sync
	l.Apply = LiveApply{Create: len(p.Create), Update: len(p.Update), Unchanged: len(p.Unchanged), Orphans: len(p.Orphans)}
	sprint := make(map[string]string, len(l.Sprints)) // bead id -> sprint id
	for _, s := range l.Sprints {
		sprint[s.Bead] = s.ID
	}
	sprintID := func(c bdsync.Change) string {
		if id, ok := sprint[c.ID]; ok {
			return id
		}
		return c.Sprint
	}
	add := func(d Drift) { l.Drift = append(l.Drift, d) }
	for _, c := range p.Create {
		add(Drift{Kind: DriftCreate, Sprint: sprintID(c), Bead: c.ID, Title: c.Title, Message: "not in the database; architect apply creates it"})
	}
	for _, c := range p.Update {
		d := Drift{Kind: DriftUpdate, Sprint: sprintID(c), Bead: c.ID, Title: c.Title}
		names := make([]string, len(c.Fields))
		for i, f := range c.Fields {
			d.Fields = append(d.Fields, DriftField{Field: f.Field, Old: f.Old, New: f.New})
			names[i] = f.Field
		}
		d.Message = "architect apply rewrites " + strings.Join(names, ", ")
		add(d)
	}
	for _, c := range p.Orphans {
		msg := fmt.Sprintf("open, but sprint %s is gone from the plan; architect apply --prune closes it", c.Sprint)
		if c.Sprint == "" {
			// Only an epic's bead names no sprint.
			msg = fmt.Sprintf("open, but epic %q is gone from the plan; architect apply --prune closes it", c.Title)
		}
		add(Drift{Kind: DriftOrphan, Sprint: c.Sprint, Bead: c.ID, Title: c.Title, Message: msg})
	}
	for _, n := range g.Nodes {
		a := n.Sprint.Annotation
		if a == nil || a.ID == "" {
			continue
		}
		if _, ok := byID[a.ID]; !ok {
			add(Drift{Kind: DriftAnnotation, Sprint: n.ID(), Bead: a.ID, Title: n.Sprint.Title, Line: a.Pos.Line,
				Message: fmt.Sprintf("the plan's annotation (line %d) names %s, which the database does not hold", a.Pos.Line, a.ID)})
		}
	}
	for _, n := range g.Nodes {
		s, is := l.Sprints[n.Order], issue[n.Order]
		if is == nil {
			continue
		}
		planDone := o.Beads[n.Order].Status == parser.StatusClosed
		switch {
		case planDone && s.State != StateClosed:
			add(Drift{Kind: DriftClosedInPlan, Sprint: s.ID, Bead: s.Bead, Title: s.Title,
				Message: fmt.Sprintf("the plan calls it done; the database has it %s (architect apply closes it)", s.BDStatus)})
		case !planDone && s.State == StateClosed:
			add(Drift{Kind: DriftClosedInDatabase, Sprint: s.ID, Bead: s.Bead, Title: s.Title,
				Message: fmt.Sprintf("closed in the database; the plan says %s (architect status --write records it)", s.PlanStatus)})
		}
	}
}

// Statuses maps each sprint whose bead is in the database to the bead's
// status there, as one of the parser's Status constants: what `architect
// status --write` records in the plan. A bead in a status the plan
// language has no word for (bd's deferred, pinned) is left out.
func (l *Live) Statuses() map[string]string {
	out := make(map[string]string, len(l.Sprints))
	for _, s := range l.Sprints {
		switch s.BDStatus {
		case bdsync.StatusOpen:
			out[s.ID] = parser.StatusOpen
		case bdsync.StatusInProgress, bdsync.StatusHooked:
			out[s.ID] = parser.StatusInProgress
		case bdsync.StatusBlocked:
			out[s.ID] = parser.StatusBlocked
		case bdsync.StatusClosed:
			out[s.ID] = parser.StatusClosed
		}
	}
	return out
}
