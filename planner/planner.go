// Package planner compiles a parsed plan's numbering into a dependency graph
// (each sprint's dependencies and dependents; Graph.DAG gives it as a gonum
// directed graph), and computes the waves in which the work can run and the
// critical path through it.
package planner

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/beads-architect/architect/parser"
	"gonum.org/v1/gonum/graph/simple"
)

// Node is one sprint in the graph.
type Node struct {
	Sprint *parser.Sprint
	// Deps are the sprints this one waits on, in execution order: the
	// transitive reduction of the numbering and explicit edges, so none of
	// them waits on another (in a graph without a cycle).
	Deps []*Node
	// Explicit marks the deps that came from a Depends on field; every key
	// is in Deps.
	Explicit map[*Node]bool
	// Order is the node's index in Graph.Nodes.
	Order int
	// Wave is the 0-based wave in which the sprint becomes ready.
	Wave int
	// Succs are the sprints that wait on this one, in execution order.
	Succs []*Node
}

// ID returns the sprint id.
func (n *Node) ID() string { return n.Sprint.ID }

// IsMerge reports whether the sprint starts from several branches.
func (n *Node) IsMerge() bool { return len(n.Deps) >= 2 }

// Graph is a compiled plan.
type Graph struct {
	Plan *parser.Plan
	// Nodes are the sprints in execution order: by phase number, then
	// plain, parallel and merged tracks, then sprint number the same way.
	// File order never matters.
	Nodes []*Node
	// Waves lists the sprints that become ready together, first wave first.
	// It is nil when the graph has a cycle.
	Waves [][]*Node
	// CriticalPath is the longest chain of sprints, first sprint first.
	CriticalPath []*Node
	// Diags are the planner's own diagnostics.
	Diags parser.Diagnostics
	// Readings say how the numbering was read where that was a choice:
	// letters in sequence or in parallel.
	Readings []parser.Reading

	byID   map[string]*Node
	cyclic bool

	dagOnce sync.Once
	dag     *simple.DirectedGraph
}

// DAG returns the dependencies as a gonum graph, with an edge from each
// dependency to its dependent; node ids are Node.Order. It is built on the
// first call: compiling a plan without a cycle never needs it.
func (g *Graph) DAG() *simple.DirectedGraph {
	g.dagOnce.Do(func() {
		g.dag = simple.NewDirectedGraph()
		for _, n := range g.Nodes {
			g.dag.AddNode(simple.Node(n.Order))
		}
		for _, n := range g.Nodes {
			for _, d := range n.Deps {
				g.dag.SetEdge(simple.Edge{F: simple.Node(d.Order), T: simple.Node(n.Order)})
			}
		}
	})
	return g.dag
}

// Node returns the sprint with the given id, or nil.
func (g *Graph) Node(id string) *Node { return g.byID[id] }

// HasCycle reports whether the dependencies could not be ordered.
func (g *Graph) HasCycle() bool { return g.cyclic }

type build struct {
	g         *Graph
	plan      *parser.Plan
	skippedOf map[*parser.Phase][]*parser.Sprint // skipped sprints by phase, in file order
}

func (b *build) diag(sev parser.Severity, pos parser.Pos, format string, args ...any) {
	b.g.Diags = append(b.g.Diags, parser.Diagnostic{File: b.plan.File, Pos: pos, Severity: sev, Msg: fmt.Sprintf(format, args...)})
}

// Build compiles the plan's sprints into a graph. It reports every problem
// it finds in Graph.Diags; the graph is usable only when none is an error.
func Build(p *parser.Plan) *Graph {
	b := &build{g: &Graph{Plan: p}, plan: p}
	if p.Order == parser.OrderDocument {
		b.documentOrder()
	} else {
		b.nodes()
		b.numbering()
	}
	numbered := b.stated()
	b.explicit()
	b.unwind(numbered)
	b.sinks()
	b.parallel()
	rank := topoRank(b.g.Nodes)
	if rank != nil {
		b.reduce(rank)
	}
	b.link()
	if b.g.cyclic = rank == nil; b.g.cyclic {
		b.cycles()
		return b.g
	}
	b.waves()
	b.criticalPath()
	return b.g
}

// key orders sprints for execution: phase number, phase stage and letters,
// sprint number, sprint stage and letters.
type key struct {
	pnum   int
	pstage int
	plet   string
	snum   int
	sstage int
	slet   string
}

func stage(letters string) int {
	switch len(letters) {
	case 0:
		return 0
	case 1:
		return 1
	}
	return 2
}

func lettersLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

func (k key) less(o key) bool {
	switch {
	case k.pnum != o.pnum:
		return k.pnum < o.pnum
	case k.pstage != o.pstage:
		return k.pstage < o.pstage
	case k.plet != o.plet:
		return lettersLess(k.plet, o.plet)
	case k.snum != o.snum:
		return k.snum < o.snum
	case k.sstage != o.sstage:
		return k.sstage < o.sstage
	}
	return lettersLess(k.slet, o.slet)
}

// SprintLess reports whether sprint a runs before sprint b in execution
// order. Skipped sprints can be placed among compiled ones with it.
func SprintLess(a, b *parser.Sprint) bool { return sprintKey(a).less(sprintKey(b)) }

// PhaseLess reports whether phase a's sprints run before phase b's.
func PhaseLess(a, b *parser.Phase) bool {
	return key{pnum: a.Num, pstage: stage(a.Letters), plet: a.Letters}.less(key{pnum: b.Num, pstage: stage(b.Letters), plet: b.Letters})
}

func sprintKey(s *parser.Sprint) key {
	ph := s.Phase
	return key{ph.Num, stage(ph.Letters), ph.Letters, s.Num, stage(s.Letters), s.Letters}
}

func (b *build) nodes() {
	sprints := slices.Clone(b.plan.Sprints)
	slices.SortStableFunc(sprints, func(x, y *parser.Sprint) int {
		kx, ky := sprintKey(x), sprintKey(y)
		switch {
		case kx.less(ky):
			return -1
		case ky.less(kx):
			return 1
		}
		return 0
	})
	b.g.Nodes = make([]*Node, len(sprints))
	b.g.byID = make(map[string]*Node, len(sprints))
	all := make([]Node, len(sprints))
	for i, s := range sprints {
		n := &all[i]
		*n = Node{Sprint: s, Order: i}
		b.g.Nodes[i] = n
		b.g.byID[s.ID] = n
	}
}

// member is a phase or a sprint in a numbered group.
type member struct {
	letters string
	id      string // "1.2a", "3a"
	pos     parser.Pos
	wire    func(entry []*Node) []*Node
}

// wireGroup connects a group of members sharing a number, given the entry
// set, and returns the group's exits (contract §2, rules 3 and 4).
//
// kind is "phase" or "sprint"; prefix gives the number the members share,
// for messages ("3", "2a.4"). skipped are the group's skipped members
// (struck through, or Status skipped), without wire: they get no edges,
// but a merge may name them, and they count for letter gaps and lone
// members. A merge depends on the members it names that are not skipped;
// one that names only skipped members takes the group's entry set, and
// stands for them in the group's exits.
func (b *build) wireGroup(kind string, prefix func() string, ms, skipped []member, entry []*Node) []*Node {
	if len(ms) == 1 && ms[0].letters == "" {
		return ms[0].wire(entry) // the common case: one plain member
	}
	name := func(m member) string { return kind + " " + m.id }
	sort.SliceStable(ms, func(i, j int) bool {
		si, sj := stage(ms[i].letters), stage(ms[j].letters)
		if si != sj {
			return si < sj
		}
		return lettersLess(ms[i].letters, ms[j].letters)
	})
	var plain *member
	var singles, merges []member
	for i := range ms {
		switch stage(ms[i].letters) {
		case 0:
			plain = &ms[i]
		case 1:
			singles = append(singles, ms[i])
		default:
			merges = append(merges, ms[i])
		}
	}
	exits := entry
	if plain != nil {
		if kind == "sprint" && len(singles)+len(merges) > 0 {
			for _, m := range append(append([]member(nil), singles...), merges...) {
				b.diag(parser.Error, m.pos, "%s shares its number with %s (line %d): a group is one plain sprint or lettered parallel sprints, not both",
					name(m), name(*plain), plain.pos.Line)
			}
		}
		exits = plain.wire(exits)
	}
	if len(singles)+len(merges) == 0 {
		return exits
	}
	skippedLetter := b.checkLetters(kind, prefix, plain, singles, merges, skipped)
	return b.wireLetters(kind, prefix, singles, merges, skippedLetter, exits)
}

// checkLetters warns of a lone lettered member and of gaps in the
// letters, and returns the single letters of the group's skipped members.
func (b *build) checkLetters(kind string, prefix func() string, plain *member, singles, merges, skipped []member) map[byte]bool {
	name := func(m member) string { return kind + " " + m.id }
	// The single letters in use, skipped ones included, in order; singles
	// itself is not changed (the full slice expression copies it).
	lettered := singles
	skippedLetter := map[byte]bool{}
	for _, m := range skipped {
		if stage(m.letters) == 1 {
			lettered = append(lettered[:len(lettered):len(lettered)], m)
			skippedLetter[m.letters[0]] = true
		}
	}
	if len(lettered) > len(singles) {
		sort.SliceStable(lettered, func(i, j int) bool { return lettered[i].letters < lettered[j].letters })
	}
	if plain == nil && len(lettered) == 1 && len(merges) == 0 {
		b.diag(parser.Warning, singles[0].pos, "lone parallel %s: it has no sibling to run beside", name(singles[0]))
	}
	for i, s := range lettered {
		want := byte('a' + i)
		if s.letters[0] != want && (i == 0 || lettered[i-1].letters[0]+1 != s.letters[0]) {
			b.diag(parser.Warning, s.pos, "numbering gap: %s has no %s%c before it", name(s), prefix(), s.letters[0]-1)
		}
	}
	return skippedLetter
}

// wireLetters connects the lettered members: each single letter from the
// entry set, each merge from the members it names (contract §2, rule 4),
// and returns the group's exits in letter order.
func (b *build) wireLetters(kind string, prefix func() string, singles, merges []member, skippedLetter map[byte]bool, exits []*Node) []*Node {
	name := func(m member) string { return kind + " " + m.id }
	holder := map[byte]int{}
	var results [][]*Node
	for _, s := range singles {
		holder[s.letters[0]] = len(results)
		results = append(results, s.wire(exits))
	}
	for _, m := range merges {
		seen := map[int]bool{}
		var in []*Node
		for i := 0; i < len(m.letters); i++ {
			l := m.letters[i]
			h, ok := holder[l]
			switch {
			case !ok && !skippedLetter[l]:
				b.diag(parser.Error, m.pos, "merged %s names %s%c, which does not exist", name(m), prefix(), l)
			case ok && !seen[h]:
				seen[h] = true
				in = append(in, results[h]...)
			}
		}
		if len(in) == 0 {
			in = exits
		}
		idx := len(results)
		results = append(results, m.wire(in))
		for i := 0; i < len(m.letters); i++ {
			if _, ok := holder[m.letters[i]]; ok || skippedLetter[m.letters[i]] {
				holder[m.letters[i]] = idx
			}
		}
	}
	var letters []byte
	for l := range holder {
		letters = append(letters, l)
	}
	sort.Slice(letters, func(i, j int) bool { return letters[i] < letters[j] })
	used := map[int]bool{}
	var out []*Node
	for _, l := range letters {
		if h := holder[l]; !used[h] {
			used[h] = true
			out = append(out, results[h]...)
		}
	}
	return out
}

// numbering adds the dependencies the numbering gives.
func (b *build) numbering() {
	phases := map[int][]*parser.Phase{}
	var nums []int
	firstPhase := map[string]*parser.Phase{}
	present := map[int]*parser.Phase{} // skipped phases count for gaps
	for _, ph := range b.plan.Phases {
		if !ph.Valid {
			continue
		}
		if present[ph.Num] == nil {
			present[ph.Num] = ph
		}
		if prev, dup := firstPhase[ph.ID]; dup && !ph.Skipped {
			b.diag(parser.Warning, ph.Heading.Pos, "phase %s is continued here; its first heading is at line %d", ph.ID, prev.Heading.Pos.Line)
			continue
		}
		if ph.Skipped {
			continue
		}
		firstPhase[ph.ID] = ph
		if phases[ph.Num] == nil {
			nums = append(nums, ph.Num)
		}
		phases[ph.Num] = append(phases[ph.Num], ph)
	}
	sort.Ints(nums)
	gaps(b, present, func(n int) string { return fmt.Sprintf("phase %d", n) }, func(ph *parser.Phase) parser.Pos { return ph.Heading.Pos })

	// Struck-through phases whose id no live phase has, by number, once
	// each.
	skippedPhases := map[int][]member{}
	struck := map[string]bool{}
	for _, ph := range b.plan.Phases {
		if ph.Valid && ph.Skipped && firstPhase[ph.ID] == nil && !struck[ph.ID] {
			struck[ph.ID] = true
			skippedPhases[ph.Num] = append(skippedPhases[ph.Num], member{letters: ph.Letters, id: ph.ID, pos: ph.Heading.Pos})
		}
	}

	// Skipped sprints under a repeated phase heading belong to the first.
	b.skippedOf = map[*parser.Phase][]*parser.Sprint{}
	for _, s := range b.plan.Skipped {
		ph := s.Phase
		if first := firstPhase[ph.ID]; first != nil {
			ph = first
		}
		b.skippedOf[ph] = append(b.skippedOf[ph], s)
	}

	// Sprints under a repeated phase heading join the first heading's phase.
	sprintsOf := map[*parser.Phase][]*Node{}
	for _, n := range b.g.Nodes {
		ph := firstPhase[n.Sprint.Phase.ID]
		sprintsOf[ph] = append(sprintsOf[ph], n)
	}

	// A sprint's exits are the sprint alone: slices of one array, not one
	// allocation each.
	self := slices.Clone(b.g.Nodes)
	connect := func(n *Node, entry []*Node) []*Node {
		n.Deps = appendNew(n.Deps, entry)
		return self[n.Order : n.Order+1 : n.Order+1]
	}

	var entry []*Node
	for _, num := range nums {
		var ms []member
		for _, ph := range phases[num] {
			ph := ph
			ms = append(ms, member{
				letters: ph.Letters,
				id:      ph.ID,
				pos:     ph.Heading.Pos,
				wire: func(in []*Node) []*Node {
					return b.wirePhase(ph, sprintsOf[ph], in, connect)
				},
			})
		}
		if b.phasesInSequence(phases[num]) {
			entry = b.chain(ms, entry)
			continue
		}
		entry = b.wireGroup("phase", func() string { return fmt.Sprint(num) }, ms, skippedPhases[num], entry)
	}
}

// letters returns the plan's letters setting: auto, parallel or sequence.
func (b *build) letters() string {
	if l := b.plan.Defaults.Letters; l != "" {
		return l
	}
	return "auto"
}

// reading records a choice of reading, for the preview.
func (b *build) reading(pos parser.Pos, format string, args ...any) {
	b.g.Readings = append(b.g.Readings, parser.Reading{Pos: pos, Text: fmt.Sprintf(format, args...)})
}

// phasesInSequence reports whether a group of phases sharing a number runs
// one after another: its letters are capitals ("3A", "3B", "3C": order,
// not tracks) or the plan says letters: sequence. It says so in a reading.
func (b *build) phasesInSequence(group []*parser.Phase) bool {
	if len(group) < 2 || b.letters() == "parallel" {
		return false
	}
	var ids []string
	upper := true
	for _, ph := range group {
		ids = append(ids, ph.ID)
		upper = upper && (ph.Letters == "" || ph.Upper)
	}
	switch {
	case b.letters() == "sequence":
		b.reading(group[0].Heading.Pos, "phases %s run one after another (letters: sequence)", strings.Join(ids, ", "))
		return true
	case upper:
		b.reading(group[0].Heading.Pos, "phases %s run one after another: capital letters mean order; set letters: parallel to run them side by side", strings.Join(ids, ", "))
		return true
	}
	return false
}

// chain wires members one after another, in the order of their letters
// (plain first, then single letters, then merged ones), and returns the
// last one's exits.
func (b *build) chain(ms []member, entry []*Node) []*Node {
	sort.SliceStable(ms, func(i, j int) bool {
		si, sj := stage(ms[i].letters), stage(ms[j].letters)
		if si != sj {
			return si < sj
		}
		return lettersLess(ms[i].letters, ms[j].letters)
	})
	for _, m := range ms {
		entry = m.wire(entry)
	}
	return entry
}

// sprintsInSequence reports whether a run of sprints sharing a number runs
// one after another: a lone follow-up ("3.1" then "3.1b", with no "3.1a")
// or letters: sequence. It says so in a reading.
func (b *build) sprintsInSequence(run []*Node) bool {
	if len(run) < 2 || b.letters() == "parallel" {
		return false
	}
	var ids []string
	for _, n := range run {
		ids = append(ids, n.ID())
	}
	if b.letters() == "sequence" {
		b.reading(run[0].Sprint.Heading.Pos, "sprints %s run one after another (letters: sequence)", strings.Join(ids, ", "))
		return true
	}
	// A plain sprint and single letters from b on, in a row: follow-ups.
	var letters []string
	plain := false
	for _, n := range run {
		switch l := n.Sprint.Letters; {
		case l == "":
			plain = true
		case len(l) == 1:
			letters = append(letters, l)
		default:
			return false
		}
	}
	if !plain || len(letters) == 0 {
		return false
	}
	sort.Strings(letters)
	for i, l := range letters {
		if l[0] != byte('b'+i) {
			return false
		}
	}
	b.reading(run[0].Sprint.Heading.Pos, "sprints %s run one after another: %s follows the plain sprint as a follow-up; set letters: parallel to read the letters as parallel tracks", strings.Join(ids, ", "), strings.Join(ids[1:], ", "))
	return true
}

// appendNew appends to deps the nodes of add it does not hold yet. Both are
// short but for the first sprint after a wide split, so a scan beats a map
// until they are not.
func appendNew(deps, add []*Node) []*Node {
	if len(deps)+len(add) <= 32 {
		for _, d := range add {
			if !slices.Contains(deps, d) {
				deps = append(deps, d)
			}
		}
		return deps
	}
	has := make(map[*Node]bool, len(deps)+len(add))
	for _, d := range deps {
		has[d] = true
	}
	for _, d := range add {
		if !has[d] {
			has[d] = true
			deps = append(deps, d)
		}
	}
	return deps
}

// wirePhase connects one phase's sprints and returns the phase's exits.
// nodes are in execution order, so the sprints sharing a number are a run.
func (b *build) wirePhase(ph *parser.Phase, nodes []*Node, entry []*Node, connect func(*Node, []*Node) []*Node) []*Node {
	if len(nodes) == 0 {
		b.diag(parser.Warning, ph.Heading.Pos, "phase %s has no sprints", ph.ID)
		return entry
	}
	var runs [][]*Node
	present := map[int]*parser.Sprint{}
	for i := 0; i < len(nodes); {
		j := i + 1
		for j < len(nodes) && nodes[j].Sprint.Num == nodes[i].Sprint.Num {
			j++
		}
		runs = append(runs, nodes[i:j])
		present[nodes[i].Sprint.Num] = nodes[i].Sprint
		i = j
	}
	var skipped map[int][]member // lettered skipped sprints, by number
	for _, s := range b.skippedOf[ph] {
		if present[s.Num] == nil {
			present[s.Num] = s
		}
		if s.Letters != "" {
			if skipped == nil {
				skipped = map[int][]member{}
			}
			skipped[s.Num] = append(skipped[s.Num], member{letters: s.Letters, id: s.ID, pos: s.Heading.Pos})
		}
	}
	gaps(b, present, func(n int) string { return fmt.Sprintf("sprint %s.%d", ph.ID, n) }, func(s *parser.Sprint) parser.Pos { return s.Heading.Pos })
	for _, run := range runs {
		if len(run) == 1 && run[0].Sprint.Letters == "" {
			entry = connect(run[0], entry) // the common case: one plain sprint
			continue
		}
		if b.sprintsInSequence(run) {
			for _, n := range run {
				entry = connect(n, entry)
			}
			continue
		}
		ms := make([]member, len(run))
		for k, n := range run {
			ms[k] = member{
				letters: n.Sprint.Letters,
				id:      n.Sprint.ID,
				pos:     n.Sprint.Heading.Pos,
				wire:    func(in []*Node) []*Node { return connect(n, in) },
			}
		}
		num := run[0].Sprint.Num
		entry = b.wireGroup("sprint", func() string { return fmt.Sprintf("%s.%d", ph.ID, num) }, ms, skipped[num], entry)
	}
	return entry
}

// gaps warns where the numbers in present skip one.
func gaps[T any](b *build, present map[int]T, name func(int) string, pos func(T) parser.Pos) {
	var nums []int
	for n := range present {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	for i := 1; i < len(nums); i++ {
		if nums[i] > nums[i-1]+1 {
			b.diag(parser.Warning, pos(present[nums[i]]), "numbering gap: %s follows %s", name(nums[i]), name(nums[i-1]))
		}
	}
}

// documentOrder runs the sprints one after another in the order the plan
// lists them: the shapes other than the beads-ralph dialect, whose numbers
// and letters mean order (when in doubt, sequence).
func (b *build) documentOrder() {
	b.g.Nodes = make([]*Node, len(b.plan.Sprints))
	b.g.byID = make(map[string]*Node, len(b.plan.Sprints))
	all := make([]Node, len(b.plan.Sprints))
	for i, s := range b.plan.Sprints {
		n := &all[i]
		*n = Node{Sprint: s, Order: i}
		if i > 0 {
			n.Deps = []*Node{b.g.Nodes[i-1]}
		}
		b.g.Nodes[i] = n
		b.g.byID[s.ID] = n
	}
}

// ReadyOrder returns the sprints in the order an agent loop should take
// them when several are ready at once: wave by wave, and in a wave the
// sprint with the longest chain still behind it first (the critical path
// leads), then execution order. Nil when the graph has a cycle.
func (g *Graph) ReadyOrder() []*Node {
	if g.Waves == nil {
		return nil
	}
	// height is the number of sprints on the longest chain that starts
	// at the sprint; Nodes are in execution order, so every successor of
	// a sprint comes after it there.
	height := make([]int, len(g.Nodes))
	for i := len(g.Nodes) - 1; i >= 0; i-- {
		n := g.Nodes[i]
		h := 0
		for _, s := range n.Succs {
			h = max(h, height[s.Order])
		}
		height[n.Order] = h + 1
	}
	out := make([]*Node, 0, len(g.Nodes))
	for _, w := range g.Waves {
		from := len(out)
		out = append(out, w...)
		sort.SliceStable(out[from:], func(i, j int) bool {
			a, b := out[from+i], out[from+j]
			if height[a.Order] != height[b.Order] {
				return height[a.Order] > height[b.Order]
			}
			return a.Order < b.Order
		})
	}
	return out
}
