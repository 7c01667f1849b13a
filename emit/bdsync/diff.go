package bdsync

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/beads-architect/architect/emit"
)

// Field ownership once a bead is in a beads database.
//
// The plan owns what the plan says: PlanFields, every metadata key except
// RuntimeMetadata (branch and worktree_path only until work on the bead
// starts; see Issue.Started), the labels architect generates (phase-NN, sprint-N-M,
// merge) plus the plan's own labels, and the "blocks" dependencies between
// the beads of one plan file. The runtime (bd, beads-ralph's agents, people)
// owns everything else: status and closed_at (except that a sprint the plan
// marks completed closes its open bead), close_reason, assignee, owner,
// notes, design, comments, created_at, the RuntimeMetadata keys, any
// metadata key architect does not write, other labels and other
// dependencies. A sync rewrites plan-owned fields and carries every other
// field over from the database unchanged.
var (
	// PlanFields are the top-level bead fields the plan owns.
	PlanFields = []string{"title", "description", "priority", "issue_type", "acceptance_criteria"}
	// RuntimeMetadata are the metadata keys beads-ralph's loop writes while
	// it works a bead. A sync never changes them once the bead exists.
	RuntimeMetadata = []string{"attempt_count", "scrum_master_session_id", "dev_agent_session_id",
		"dev_agent_executions", "qa_agent_executions", "pr_url", "pr_number", "scrum_result"}
)

// generatedLabel matches the labels architect derives from the numbering;
// a sync removes them from a bead when the plan no longer gives them.
// It is compiled on first use, not at every command's start.
var generatedLabel = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(phase-[0-9]{2,}[a-z]*|sprint-[0-9]+[a-z]*-[0-9]+[a-z]*|merge)$`)
})

// depBlocks is the dependency type architect writes and bd ready honours.
const depBlocks = "blocks"

// PendingKey is the metadata key of a bead that a sync wrote ahead of its
// run, without its dependencies (see SyncPlan.Imports).
const PendingKey = "architect_pending"

// pendingNote is the value of a pending bead's PendingKey.
const pendingNote = "architect apply is writing this bead: it stays deferred until its dependencies are in"

// SyncOptions say which plan is synced and when.
type SyncOptions struct {
	// PlanFile is the plan's path relative to the repository root, as in
	// the beads' metadata.plan_file.
	PlanFile string
	// Now stamps what the sync writes. A rewritten bead gets Now, or one
	// second past its stored updated_at when that is not older, because bd
	// replaces a row only when the incoming updated_at is strictly newer.
	Now time.Time
	// Prune closes orphans; without it they are only reported.
	Prune bool
	// Pinned are bead ids that must not change: the ids the plan's
	// annotations name.
	Pinned map[string]bool
	// Plans tells whether the other plan files the beads name exist, and
	// which beads they name, so that a moved plan takes its beads along and
	// a copy is refused (see owned). Nil: every plan file is there and
	// names none of this plan's beads.
	Plans PlanFiles
}

// SyncPlan is what a sync will do to a beads database, and the writes that
// do it.
type SyncPlan struct {
	PlanFile string
	Prune    bool
	// IDs maps each sprint id to its bead's id, as synced.
	IDs       map[string]string
	Create    []Change
	Update    []Change
	Unchanged []Change
	// Orphans are open beads of this plan file whose sprint is gone.
	Orphans []Change
	// GoneGates are open gates of this plan file that it no longer
	// states: the sync closes them (Close), never deletes them.
	GoneGates []Change
	// MovedFrom are the gone plan files whose beads are this plan's now:
	// the plan moved, and its beads follow it.
	MovedFrom []string
	// Notes are what people should know about the sync.
	Notes []string

	// Records are the `bd import` lines of the beads to create (new beads,
	// and beads a stopped apply wrote ahead), in execution order; Imports
	// lays them out for bd. A bead that exists is never imported: its
	// changes are Writes and dependency edits, which touch only the fields
	// the plan owns.
	Records []json.RawMessage
	// ids and waits are, record by record, its bead's id and the ids of
	// the beads it comes to wait on (new blocks dependencies and a new
	// parent); pending holds, for each new bead, its row as written ahead
	// of its run (see Imports).
	ids     []string
	waits   [][]string
	pending map[string]json.RawMessage
	// Writes are the field-level writes to beads that exist: for each, the
	// plan-owned fields, metadata keys and labels that change (see
	// FieldWrite), in execution order.
	Writes []FieldWrite
	// AddDeps are the dependencies beads that exist gain (blocks, and
	// parent-child on an epic), in execution order; RemoveDeps the plan's
	// dependencies the plan no longer has.
	AddDeps    []emit.Dep
	RemoveDeps []emit.Dep
	// Close are existing beads to close: those the plan marks completed and,
	// with Prune, the orphans. They go through bd close, not bd import: an
	// imported status change does not unblock the bead's dependents.
	Close []Closing
	// Reopen are closed beads whose sprint is back in the plan, and that
	// only apply --prune closed. They go through bd reopen, after the
	// imports: a rewritten row carries the bead's stored status.
	Reopen []string

	// AddTypes are the issue types bd's types.custom must allow and does
	// not yet, and CustomTypes the setting with them added (set by
	// Client.Plan; Diff leaves them empty).
	AddTypes    []string
	CustomTypes string

	// Database are the issues bd held before the sync, as Client.Plan
	// read them (Diff leaves it nil): for BranchClashes and Issue.Held.
	Database []Issue

	// Now is the stamp of what the sync imports (SyncOptions.Now, to the
	// second). Rewrites are the beads in the database whose rows Records
	// rewrite whole (only beads a stopped apply wrote ahead, see
	// Issue.Pending), and Fresh those of them changed in Now's second or
	// later, with FreshUntil their latest stored stamp: their rewrite must
	// be stamped after the stored row, so after Now, and a change an agent
	// makes in that second after the read would lose to it. Client.Sync
	// reads them again once the second is over.
	Now        time.Time
	Rewrites   []string
	Fresh      []string
	FreshUntil time.Time

	// Splits are the sizes of the runs Apply split in two because bd timed
	// out on them.
	Splits []int
}

// FieldWrite is the plan's change to one bead that exists, field by
// field: what one `bd update` writes, and nothing else. bd writes each
// named field and merges Metadata into the stored metadata key by key,
// inside its own transaction, so status, assignee, notes, comments, close
// reason and every other field stay as the database has them at the
// moment of the write, whoever changed them after apply read them.
type FieldWrite struct {
	ID string
	// Fields are the PlanFields that change, with the plan's values.
	Fields map[string]json.RawMessage
	// Metadata are the metadata keys that change, with the plan's values.
	Metadata map[string]json.RawMessage
	// AddLabels and RemoveLabels are the labels the bead gains and loses.
	AddLabels, RemoveLabels []string
	// IfStatus, when set, is the bead's status as apply read it: the
	// write is made only while the bead still has it. It guards a write
	// of metadata.branch or metadata.worktree_path, which follow the plan
	// only until work on the bead starts (Issue.Started): an agent that
	// claimed the bead meanwhile keeps the branch it may have pushed.
	IfStatus string
}

// Empty reports whether the write changes nothing.
func (w *FieldWrite) Empty() bool {
	return len(w.Fields) == 0 && len(w.Metadata) == 0 && len(w.AddLabels) == 0 && len(w.RemoveLabels) == 0
}

// Change is one bead in a sync plan.
type Change struct {
	ID     string
	Sprint string
	Title  string
	// Fields lists what changes, for updates.
	Fields []FieldChange
	// Closes is set when the plan marks the sprint completed and the bead
	// is open.
	Closes bool
	// Reopens is set when the sprint is back in the plan and its bead is
	// closed by apply --prune alone.
	Reopens bool
}

// FieldChange is one plan-owned field that differs. Old and New are short
// renderings of the values, empty when a value is too long to show.
type FieldChange struct {
	Field    string
	Old, New string
}

// Empty reports whether the sync changes nothing.
func (p *SyncPlan) Empty() bool {
	return len(p.Records) == 0 && len(p.Writes) == 0 && len(p.AddDeps) == 0 && len(p.RemoveDeps) == 0 && len(p.Close) == 0 && len(p.Reopen) == 0
}

// Diff compares the beads a plan compiles to with the issues in a beads
// database and plans the sync. desired is in execution order, current is
// the whole database. Only plan-owned fields are compared, and only those
// that differ are written to a bead that exists; every runtime field is
// left to bd as it is.
func Diff(desired []emit.Bead, current []Issue, o SyncOptions) (*SyncPlan, error) {
	now := o.Now.UTC().Truncate(time.Second)
	p := &SyncPlan{PlanFile: o.PlanFile, Prune: o.Prune, Now: now}
	byID := make(map[string]*Issue, len(current))
	for i := range current {
		byID[current[i].ID] = &current[i]
	}
	plans := o.Plans
	if plans == nil {
		plans = everyPlanStays{}
	}
	old, notes, err := owned(desired, current, byID, o, plans)
	if err != nil {
		return nil, err
	}
	p.Notes = notes
	for f := range old {
		p.MovedFrom = append(p.MovedFrom, f)
	}
	sort.Strings(p.MovedFrom)
	// ours reports whether a bead in the database belongs to the plan by
	// its plan file: this one, or one the plan moved from.
	ours := func(is *Issue) bool { f := is.PlanFile(); return f == o.PlanFile || old[f] }
	desired = adopt(desired, current, byID, ours, o)
	p.IDs = make(map[string]string, len(desired))
	want := make(map[string]bool, len(desired))
	for _, b := range desired {
		if b.IsWork() {
			p.IDs[b.Metadata.PlanSprintID] = b.ID
		}
		want[b.ID] = true
	}
	// The plan's beads: those it compiles to, and those of its files in the
	// database. Dependencies between them are the plan's.
	planBead := make(map[string]bool, len(desired))
	for id := range want {
		planBead[id] = true
	}
	for i := range current {
		if ours(&current[i]) {
			planBead[current[i].ID] = true
		}
	}
	desired = epicsFirst(keepStartedBranches(desired, byID))
	if err := p.diffDesired(desired, byID, planBead, o); err != nil {
		return nil, err
	}
	if err := p.orphans(current, ours, want, o); err != nil {
		return nil, err
	}
	return p, nil
}

// diffDesired plans the creation or update of each bead the plan compiles
// to.
func (p *SyncPlan) diffDesired(desired []emit.Bead, byID map[string]*Issue, planBead map[string]bool, o SyncOptions) error {
	now := p.Now
	p.pending = map[string]json.RawMessage{}
	unfinished := 0
	created, crowded := readyStamps(desired, byID, now)
	if crowded != "" {
		p.Notes = append(p.Notes, crowded)
	}
	for _, b := range desired {
		ch := Change{ID: b.ID, Sprint: b.Metadata.Sprint, Title: b.Title}
		if b.IsGate() {
			ch.Sprint = "gate"
		}
		cur, ok := byID[b.ID]
		if !ok {
			at, ok := created[b.ID]
			if !ok {
				at = now
			}
			rec, err := createRecord(b, now, at, o.PlanFile)
			if err != nil {
				return err
			}
			if p.pending[b.ID], err = pendingRecord(b, now.Add(-time.Second), at, o.PlanFile); err != nil {
				return err
			}
			p.Create = append(p.Create, ch)
			p.addRecord(b.ID, rec, b.Dependencies, b.Parent)
			continue
		}
		u, err := diffBead(b, cur, planBead)
		if err != nil {
			return err
		}
		ch.Fields, ch.Closes, ch.Reopens = u.fields, u.closes, u.reopens
		switch {
		case cur.Pending():
			// A stopped apply wrote it ahead: still to create.
			ch.Fields = nil
			p.Create = append(p.Create, ch)
			unfinished++
		case len(u.fields) == 0:
			p.Unchanged = append(p.Unchanged, ch)
			continue
		default:
			p.Update = append(p.Update, ch)
		}
		if cur.Pending() {
			// Written ahead, so nobody works on it: its row is written
			// whole, with its dependencies, as a new bead's is.
			rec, err := u.record(cur, now)
			if err != nil {
				return err
			}
			p.addRecord(cur.ID, rec, u.addDeps, u.addParent)
			p.rewrite(cur)
		} else {
			if w := u.write(cur); !w.Empty() {
				p.Writes = append(p.Writes, w)
			}
			for _, d := range u.addDeps {
				p.AddDeps = append(p.AddDeps, emit.Dep{IssueID: b.ID, DependsOnID: d, Type: depBlocks})
			}
			if u.addParent != "" {
				p.AddDeps = append(p.AddDeps, emit.Dep{IssueID: b.ID, DependsOnID: u.addParent, Type: emit.DepParentChild})
			}
		}
		if u.closes {
			p.Close = append(p.Close, Closing{ID: b.ID, Reason: "completed in " + o.PlanFile})
		}
		if u.reopens {
			p.Reopen = append(p.Reopen, b.ID)
		}
		for _, d := range u.removeDeps {
			p.RemoveDeps = append(p.RemoveDeps, emit.Dep{IssueID: b.ID, DependsOnID: d, Type: depBlocks})
		}
		for _, d := range u.removeParents {
			p.RemoveDeps = append(p.RemoveDeps, emit.Dep{IssueID: b.ID, DependsOnID: d, Type: emit.DepParentChild})
		}
	}
	if unfinished > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("%d of the beads to create are in the database already, written ahead (deferred, without dependencies) by an apply that stopped; this apply writes them whole", unfinished))
	}
	return nil
}

// orphans lists the plan's beads in the database that it no longer
// compiles to and that are not closed; a moved plan's move with it, and
// --prune closes them.
func (p *SyncPlan) orphans(current []Issue, ours func(*Issue) bool, want map[string]bool, o SyncOptions) error {
	var orphans []*Issue
	for i := range current {
		is := &current[i]
		if ours(is) && !want[is.ID] && is.Status != "closed" {
			orphans = append(orphans, is)
		}
	}
	sort.Slice(orphans, func(i, j int) bool { return orphans[i].ID < orphans[j].ID })
	for _, is := range orphans {
		if is.IsGate() {
			// A gate the plan no longer states holds nothing the plan
			// wants held: it is closed, never deleted, with or without
			// --prune (a gate someone resolved is closed already).
			p.GoneGates = append(p.GoneGates, Change{ID: is.ID, Sprint: "gate", Title: is.Title})
			p.Close = append(p.Close, Closing{ID: is.ID, Reason: fmt.Sprintf("gate %q is no longer in %s", is.Title, o.PlanFile)})
			continue
		}
		p.Orphans = append(p.Orphans, Change{ID: is.ID, Sprint: is.Sprint(), Title: is.Title})
		if is.PlanFile() != o.PlanFile {
			// It moves with the plan, to stay one of its orphans.
			planFile, err := json.Marshal(o.PlanFile)
			if err != nil {
				return err
			}
			p.Writes = append(p.Writes, FieldWrite{ID: is.ID, Metadata: map[string]json.RawMessage{"plan_file": planFile}})
		}
		if o.Prune {
			reason := fmt.Sprintf("sprint %s is no longer in %s%s", is.Sprint(), o.PlanFile, pruneMark)
			if is.Sprint() == "" {
				reason = fmt.Sprintf("epic %q is no longer in %s%s", is.Title, o.PlanFile, pruneMark)
			}
			p.Close = append(p.Close, Closing{ID: is.ID, Reason: reason})
		}
	}
	return nil
}

// addRecord adds the import line of bead id, which gives it the
// dependencies deps and the parent (when not "").
func (p *SyncPlan) addRecord(id string, rec json.RawMessage, deps []string, parent string) {
	waits := slices.Clone(deps)
	if parent != "" {
		waits = append(waits, parent)
	}
	p.Records = append(p.Records, rec)
	p.ids = append(p.ids, id)
	p.waits = append(p.waits, waits)
}

// rewrite notes that the sync rewrites the row of cur, stamped with
// stampAfter(cur.UpdatedAt, p.Now).
func (p *SyncPlan) rewrite(cur *Issue) {
	p.Rewrites = append(p.Rewrites, cur.ID)
	if stored := cur.UpdatedAt.UTC().Truncate(time.Second); !p.Now.After(stored) {
		p.Fresh = append(p.Fresh, cur.ID)
		if stored.After(p.FreshUntil) {
			p.FreshUntil = stored
		}
	}
}

// adopt gives a sprint the id of the bead its plan file (or the file it
// moved from) already has for it in the database, when the id the plan
// compiles to is not there: a database filled under another prefix, a plan
// whose annotation was lost, or one moved without annotations, is updated
// rather than filled a second time. A sprint adopts only a bead that no
// other sprint claims, and never when its id is pinned.
func adopt(desired []emit.Bead, current []Issue, byID map[string]*Issue, ours func(*Issue) bool, o SyncOptions) []emit.Bead {
	claimed := make(map[string]bool, len(desired))
	for _, b := range desired {
		claimed[b.ID] = true
	}
	free := map[string][]string{} // sprint id -> ids of unclaimed beads of this plan
	for i := range current {
		is := &current[i]
		if ours(is) && !claimed[is.ID] && is.Sprint() != "" {
			free[is.Sprint()] = append(free[is.Sprint()], is.ID)
		}
	}
	remap := map[string]string{}
	for _, b := range desired {
		if _, ok := byID[b.ID]; ok || o.Pinned[b.ID] || !b.IsWork() {
			continue
		}
		if ids := free[b.Metadata.PlanSprintID]; len(ids) == 1 {
			remap[b.ID] = ids[0]
		}
	}
	if len(remap) == 0 {
		return desired
	}
	out := make([]emit.Bead, len(desired))
	for i, b := range desired {
		if id, ok := remap[b.ID]; ok {
			b.ID = id
		}
		deps := make([]string, len(b.Dependencies))
		for j, d := range b.Dependencies {
			if id, ok := remap[d]; ok {
				d = id
			}
			deps[j] = d
		}
		b.Dependencies = deps
		out[i] = b
	}
	return out
}

// epicsFirst returns desired with its epics and gates first, so that bd
// imports them before the beads that name them (it takes them in either
// order; measured with bd v1.3.0), the rest in execution order.
func epicsFirst(desired []emit.Bead) []emit.Bead {
	n := 0
	for i := range desired {
		if !desired[i].IsWork() {
			n++
		}
	}
	if n == 0 {
		return desired
	}
	out := make([]emit.Bead, 0, len(desired))
	for _, b := range desired {
		if !b.IsWork() {
			out = append(out, b)
		}
	}
	for _, b := range desired {
		if b.IsWork() {
			out = append(out, b)
		}
	}
	return out
}

// keepStartedBranches returns desired with the branch and worktree of every
// started bead as the database has them: an agent may have pushed that
// branch, so a renamed sprint must not point its bead, or the merges that
// take it in, at a branch that does not exist.
func keepStartedBranches(desired []emit.Bead, byID map[string]*Issue) []emit.Bead {
	kept := map[string]string{} // the plan's branch -> the database's
	out := make([]emit.Bead, len(desired))
	for i, b := range desired {
		if cur, ok := byID[b.ID]; ok && cur.Started() {
			if s := cur.metaString("branch"); s != "" {
				kept[b.Metadata.Branch] = s
				b.Metadata.Branch = s
			}
			if s := cur.metaString("worktree_path"); s != "" {
				b.Metadata.WorktreePath = s
			}
		}
		out[i] = b
	}
	for i := range out {
		b := &out[i]
		if len(b.Metadata.BranchesToMerge) == 0 {
			continue
		}
		merge := make([]string, len(b.Metadata.BranchesToMerge))
		for j, m := range b.Metadata.BranchesToMerge {
			if k, ok := kept[m]; ok {
				m = k
			}
			merge[j] = m
		}
		b.Metadata.BranchesToMerge = merge
	}
	return out
}

// beadUpdate is how one existing bead differs from the plan.
type beadUpdate struct {
	bead         emit.Bead
	want         map[string]json.RawMessage // the desired record, field by field
	wantMeta     map[string]json.RawMessage
	fields       []FieldChange
	setFields    []string // the PlanFields that differ
	setMeta      []string // the metadata keys that differ
	closes       bool
	reopens      bool
	addLabels    []string
	removeLabels []string
	addDeps      []string
	removeDeps   []string
	// addParent is the epic the bead becomes a child of; removeParents
	// are the plan's epics it is a child of no longer.
	addParent     string
	removeParents []string
}

func diffBead(b emit.Bead, cur *Issue, planBead map[string]bool) (*beadUpdate, error) {
	u := &beadUpdate{bead: b}
	rec := emit.ToRecord(b)
	if err := remarshal(rec, &u.want); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(u.want["metadata"], &u.wantMeta); err != nil {
		return nil, err
	}
	for _, f := range PlanFields {
		if !sameJSON(cur.Fields[f], u.want[f]) {
			u.fields = append(u.fields, fieldChange(f, cur.Fields[f], u.want[f]))
			u.setFields = append(u.setFields, f)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(u.wantMeta)) {
		if slices.Contains(RuntimeMetadata, k) {
			continue
		}
		if !sameJSON(cur.Metadata[k], u.wantMeta[k]) {
			u.fields = append(u.fields, fieldChange("metadata."+k, cur.Metadata[k], u.wantMeta[k]))
			u.setMeta = append(u.setMeta, k)
		}
	}

	has := map[string]bool{}
	for _, l := range cur.Labels {
		has[l] = true
	}
	wantLabel := map[string]bool{}
	for _, l := range b.Labels {
		wantLabel[l] = true
		if !has[l] {
			u.addLabels = append(u.addLabels, l)
		}
	}
	for _, l := range cur.Labels {
		if generatedLabel().MatchString(l) && !wantLabel[l] {
			u.removeLabels = append(u.removeLabels, l)
		}
	}
	if len(u.addLabels)+len(u.removeLabels) > 0 {
		u.fields = append(u.fields, FieldChange{Field: "labels", New: setChange(u.addLabels, u.removeLabels)})
	}

	// Any blocks dependency the bead has counts as there: a bead of bd's
	// Markdown may wait on a bead outside the plan (parser.Issue.External).
	hasDep := map[string]bool{}
	for _, d := range cur.Deps {
		if d.Type == depBlocks {
			hasDep[d.DependsOnID] = true
		}
	}
	wantDep := map[string]bool{}
	for _, d := range b.Dependencies {
		wantDep[d] = true
		if !hasDep[d] {
			u.addDeps = append(u.addDeps, d)
		}
	}
	for _, d := range cur.Deps {
		if d.Type == depBlocks && planBead[d.DependsOnID] && !wantDep[d.DependsOnID] {
			u.removeDeps = append(u.removeDeps, d.DependsOnID)
		}
	}
	if len(u.addDeps)+len(u.removeDeps) > 0 {
		u.fields = append(u.fields, FieldChange{Field: "dependencies", New: setChange(u.addDeps, u.removeDeps)})
	}

	// The parent: a parent-child dependency on the epic the bead is under.
	// Only one on a bead of the plan is the plan's; any other stays.
	hasParent := false
	for _, d := range cur.Deps {
		switch {
		case d.Type != emit.DepParentChild:
		case d.DependsOnID == b.Parent:
			hasParent = true
		case planBead[d.DependsOnID]:
			u.removeParents = append(u.removeParents, d.DependsOnID)
		}
	}
	if b.Parent != "" && !hasParent {
		u.addParent = b.Parent
	}
	if u.addParent != "" || len(u.removeParents) > 0 {
		var add []string
		if u.addParent != "" {
			add = []string{u.addParent}
		}
		u.fields = append(u.fields, FieldChange{Field: "parent", New: setChange(add, u.removeParents)})
	}

	switch {
	case b.Status == "closed" && cur.Status != "closed":
		u.closes = true
		u.fields = append(u.fields, FieldChange{Field: "status", Old: cur.Status, New: "closed"})
	case b.Status != "closed" && (cur.ClosedByPrune() || cur.Pending() && cur.Status == "closed"):
		// Only --prune closed it, when the sprint left the plan: the sprint
		// is back, so is its work.
		u.reopens = true
		u.fields = append(u.fields, FieldChange{Field: "status", Old: "closed", New: "open"})
	}
	return u, nil
}

// write is the field-level write of an existing bead's changes: the
// plan's fields and metadata keys that differ, and the labels it gains and
// loses. A write that moves the bead's branch or worktree is made only
// while the bead has the status apply read (see FieldWrite.IfStatus).
func (u *beadUpdate) write(cur *Issue) FieldWrite {
	w := FieldWrite{ID: cur.ID, AddLabels: u.addLabels, RemoveLabels: u.removeLabels}
	for _, f := range u.setFields {
		if w.Fields == nil {
			w.Fields = map[string]json.RawMessage{}
		}
		w.Fields[f] = u.want[f]
	}
	for _, k := range u.setMeta {
		if w.Metadata == nil {
			w.Metadata = map[string]json.RawMessage{}
		}
		w.Metadata[k] = u.wantMeta[k]
		if k == "branch" || k == "worktree_path" {
			w.IfStatus = cur.Status
		}
	}
	return w
}

// record builds the rewrite of a bead a stopped apply wrote ahead (see
// Issue.Pending): the stored issue with the plan's fields on top. Comments
// and existing dependencies are left out: bd import only adds them, so
// they stay as they are.
func (u *beadUpdate) record(cur *Issue, now time.Time) (json.RawMessage, error) {
	rec := carry(cur)
	for _, f := range PlanFields {
		rec[f] = u.want[f]
	}
	meta := make(map[string]json.RawMessage, len(cur.Metadata)+len(u.wantMeta))
	for k, v := range cur.Metadata {
		meta[k] = v
	}
	for k, v := range u.wantMeta {
		if _, have := meta[k]; have && slices.Contains(RuntimeMetadata, k) {
			continue
		}
		meta[k] = v
	}
	delete(meta, PendingKey)
	if cur.Pending() && cur.Status == "deferred" && u.bead.Status != "closed" {
		// Deferred because it was written ahead, not by someone: the
		// plan's status.
		rec["status"] = u.want["status"]
	}
	var err error
	if rec["metadata"], err = json.Marshal(meta); err != nil {
		return nil, err
	}
	labels := slices.DeleteFunc(slices.Clone(cur.Labels), func(l string) bool { return slices.Contains(u.removeLabels, l) })
	labels = append(labels, u.addLabels...)
	if rec["labels"], err = json.Marshal(labels); err != nil {
		return nil, err
	}
	deps := make([]emit.Dep, len(u.addDeps), len(u.addDeps)+1)
	for i, d := range u.addDeps {
		deps[i] = emit.Dep{IssueID: cur.ID, DependsOnID: d, Type: depBlocks}
	}
	if u.addParent != "" {
		deps = append(deps, emit.Dep{IssueID: cur.ID, DependsOnID: u.addParent, Type: emit.DepParentChild})
	}
	if rec["dependencies"], err = json.Marshal(deps); err != nil {
		return nil, err
	}
	rec["updated_at"] = stampAfter(cur.UpdatedAt, now)
	return marshalLine(rec)
}

// carry copies a stored issue's fields for a rewrite.
func carry(cur *Issue) map[string]json.RawMessage {
	rec := make(map[string]json.RawMessage, len(cur.Fields))
	for k, v := range cur.Fields {
		rec[k] = v
	}
	for _, k := range bdComputed {
		delete(rec, k)
	}
	delete(rec, "comments")
	delete(rec, "dependencies")
	return rec
}

func closeFields(rec map[string]json.RawMessage, now time.Time, reason string) {
	rec["status"] = json.RawMessage(`"closed"`)
	rec["closed_at"] = timeJSON(now)
	rec["close_reason"], _ = json.Marshal(reason)
}

// createRecord is the import line of a new bead, stamped now and created
// at created (its place in ready order, see readyStamps).
func createRecord(b emit.Bead, now, created time.Time, planFile string) (json.RawMessage, error) {
	var rec map[string]json.RawMessage
	if err := remarshal(emit.ToRecord(b), &rec); err != nil {
		return nil, err
	}
	rec["created_at"] = timeJSON(created)
	rec["updated_at"] = timeJSON(now)
	if b.Status == "closed" {
		closeFields(rec, now, "completed in "+planFile)
	}
	return marshalLine(rec)
}

// pendingRecord is the line that writes a new bead ahead of its run (see
// Imports), stamped at.
func pendingRecord(b emit.Bead, at, created time.Time, planFile string) (json.RawMessage, error) {
	var rec map[string]json.RawMessage
	if err := remarshal(emit.ToRecord(b), &rec); err != nil {
		return nil, err
	}
	rec["created_at"], rec["updated_at"] = timeJSON(created), timeJSON(at)
	if b.Status == "closed" {
		closeFields(rec, at, "completed in "+planFile)
	} else {
		rec["status"] = json.RawMessage(`"deferred"`)
	}
	delete(rec, "dependencies")
	var meta map[string]json.RawMessage
	if err := json.Unmarshal(rec["metadata"], &meta); err != nil {
		return nil, err
	}
	meta[PendingKey], _ = json.Marshal(pendingNote)
	var err error
	if rec["metadata"], err = json.Marshal(meta); err != nil {
		return nil, err
	}
	return marshalLine(rec)
}

// stampAfter is the updated_at of a rewrite: now, or one second past the
// stored stamp when now is not newer (bd compares at second granularity and
// keeps the stored row on a tie).
func stampAfter(stored, now time.Time) json.RawMessage {
	t := now
	if s := stored.UTC().Truncate(time.Second); !t.After(s) {
		t = s.Add(time.Second)
	}
	return timeJSON(t)
}

func timeJSON(t time.Time) json.RawMessage {
	return json.RawMessage(`"` + t.UTC().Format(time.RFC3339) + `"`)
}

func remarshal(v any, out any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, out)
}

// marshalLine encodes a record as one JSONL line, keys sorted, without
// HTML escaping and without the trailing newline.
func marshalLine(rec map[string]json.RawMessage) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// ImportSize is the most records one `bd import` gets. Above it bd splits
// an import into transactions of its own and reorders the rows blockers
// first, which makes every cycle check walk a whole chain.
const ImportSize = 250

// Imports lays out the records as the inputs of `bd import`, one a call,
// in runs of size(i) records for the ith run (ImportSize when size is nil).
//
// bd checks each new blocks edge for a cycle by walking everything its
// target already waits on, with a query that reads every dependency row at
// each step; on a long chain that walk is most of an apply's time. So the
// runs go to bd last run first, each run's records last first, and bd adds
// a call's edges after its rows, in their order: the target of every new
// edge is then in the same call and not wired yet, or in an earlier part
// of the plan whose run is not imported yet, so it waits on nothing yet and
// every walk is empty.
//
// A target in an earlier run must still be in the database before the
// edge: ahead, the first call (when any is needed) writes each such new
// bead without its dependencies, deferred (bd ready never offers a
// deferred bead; one the plan closes is written closed), and marked with
// metadata.architect_pending; its own run rewrites it whole. Each call is
// one transaction that holds its beads with their edges, so bd ready never
// offers a bead whose blockers are not all in. A bead that a stopped apply
// left pending is written again, whole, by the next (Issue.Pending).
func (p *SyncPlan) Imports(size func(int) int) (pending []json.RawMessage, runs [][]json.RawMessage) {
	if size == nil {
		size = func(int) int { return ImportSize }
	}
	var bounds [][2]int
	for end, i := len(p.Records), 0; end > 0; i++ {
		start := max(end-size(i), 0)
		bounds = append(bounds, [2]int{start, end})
		end = start
	}
	runOf := make(map[string]int, len(p.pending))
	for r, b := range bounds {
		for i := b[0]; i < b[1]; i++ {
			if id := p.ids[i]; p.pending[id] != nil {
				runOf[id] = r
			}
		}
	}
	ahead := map[string]bool{}
	for r, b := range bounds {
		runs = append(runs, p.Records[b[0]:b[1]])
		for i := b[0]; i < b[1]; i++ {
			for _, id := range p.waits[i] {
				if t, ok := runOf[id]; ok && t > r {
					ahead[id] = true
				}
			}
		}
	}
	for _, id := range p.ids {
		if ahead[id] {
			pending = append(pending, p.pending[id])
		}
	}
	return pending, runs
}

// sameJSON compares two JSON values by meaning: key order, spacing and
// escaping do not matter, and a missing value equals an empty one (bd
// export leaves out empty strings, and a null is as good as an empty list).
func sameJSON(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var va, vb any
	if !isNull(a) && json.Unmarshal(a, &va) != nil {
		return false
	}
	if !isNull(b) && json.Unmarshal(b, &vb) != nil {
		return false
	}
	if isZero(va) && isZero(vb) {
		return true
	}
	return reflect.DeepEqual(va, vb)
}

func isZero(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case float64:
		return v == 0
	case bool:
		return !v
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// maxShown is the longest value a field change shows in full.
const maxShown = 60

func fieldChange(field string, old, new json.RawMessage) FieldChange {
	return FieldChange{Field: field, Old: short(old), New: short(new)}
}

// short renders a scalar value for a change line, "" when it is long or
// not a scalar.
func short(raw json.RawMessage) string {
	var v any
	if isNull(raw) {
		return "null"
	}
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	switch v := v.(type) {
	case string:
		if len(v) > maxShown || strings.ContainsAny(v, "\n\r") {
			return ""
		}
		var q bytes.Buffer
		enc := json.NewEncoder(&q)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(v)
		return strings.TrimSuffix(q.String(), "\n")
	case float64, bool:
		return string(raw)
	}
	return ""
}

func setChange(add, remove []string) string {
	var parts []string
	for _, a := range add {
		parts = append(parts, "+"+a)
	}
	for _, r := range remove {
		parts = append(parts, "-"+r)
	}
	return strings.Join(parts, " ")
}
