package planner

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/beads-architect/architect/parser"
)

// parallel applies the plan's statements that units run in parallel
// (parser.Plan.Parallel, "Epics 1 and 2 can be parallelized"). The units a
// statement names become one group: the edges the numbering or a stated
// order put between them are dropped; each of them waits on what the order
// put before any of them, and what the order put after any of them waits
// on all of them (1 ∥ 2 in 1 → 2 → 4 → 3 gives [1, 2] → 4 → 3, with 4 a
// merge of 1 and 2).
//
// A dependency the plan names between two of them (a Depends on or Blocks
// field, a dependency column, an arrow list that is not an execution
// order) wins over the prose: the statement is then not applied, with a
// warning at it. So is a statement that the order runs through (a unit
// between two of them): applying it would make a cycle. Every statement
// applied is a reading at its position.
func (b *build) parallel() {
	for _, st := range b.plan.Parallel {
		var group []*Node
		for _, id := range st.Units {
			if n := b.g.byID[id]; n != nil && !slices.Contains(group, n) {
				group = append(group, n)
			}
		}
		if len(group) < 2 {
			continue // a unit it names is skipped: nothing to run beside
		}
		slices.SortFunc(group, func(x, y *Node) int { return x.Order - y.Order })
		if !b.between(group) {
			continue // they run in parallel already: nothing to apply
		}
		if why := b.needs(group); why != "" {
			b.diag(parser.Warning, st.Pos, "%q says %s run in parallel, but %s; the dependency is followed", short(st.Text), ids(group), why)
			continue
		}
		saved := make([][]*Node, len(b.g.Nodes))
		savedExplicit := make([]map[*Node]bool, len(b.g.Nodes))
		for _, n := range b.g.Nodes {
			saved[n.Order] = n.Deps
			savedExplicit[n.Order] = maps.Clone(n.Explicit)
		}
		b.sideBySide(group)
		if topoRank(b.g.Nodes) == nil {
			for _, n := range b.g.Nodes {
				n.Deps, n.Explicit = saved[n.Order], savedExplicit[n.Order]
			}
			b.diag(parser.Warning, st.Pos, "%q says %s run in parallel, but the plan's order puts other units between them; it is not applied, they stay in sequence", short(st.Text), ids(group))
			continue
		}
		b.reading(st.Pos, "%s run in parallel, as %q says: no edge between them from the numbering or the stated order; what comes after any of them waits on all of them", ids(group), short(st.Text))
	}
}

// between reports whether some unit of group waits on another, directly or
// through other units.
func (b *build) between(group []*Node) bool {
	n, _, _ := reachWithin(group, func(_, _ *Node) bool { return true })
	return n != nil
}

// needs says which unit of group depends on another through a need the
// plan names (not the numbering or an execution order), directly or
// through such needs only; "" when none does.
func (b *build) needs(group []*Node) string {
	n, x, d := reachWithin(group, named)
	if n == nil {
		return ""
	}
	return fmt.Sprintf("%s depends on %s (%s)", n.ID(), d.ID(), namedAt(n, x, d))
}

// reachWithin walks back from each unit n of group along the dependencies follow
// takes, and returns the first that reaches another unit d of group, with
// x, the unit whose dependency on d closes the chain; nils when none does.
func reachWithin(group []*Node, follow func(x, d *Node) bool) (n, x, d *Node) {
	in := map[*Node]bool{}
	for _, n := range group {
		in[n] = true
	}
	for _, n := range group {
		seen := map[*Node]bool{n: true}
		stack := []*Node{n}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, d := range x.Deps {
				if seen[d] || !follow(x, d) {
					continue
				}
				if in[d] {
					return n, x, d
				}
				seen[d] = true
				stack = append(stack, d)
			}
		}
	}
	return nil, nil, nil
}

// named reports whether n's dependency on d is a need the plan names: a
// Depends on ref (a field, a Blocks field, a column or an arrow list) that
// is not part of a stated execution order.
func named(n, d *Node) bool {
	if !n.Explicit[d] {
		return false
	}
	for _, r := range n.Sprint.DependsOn {
		if r.ID == d.ID() && !r.Order {
			return true
		}
	}
	return false
}

// namedAt says where the need that starts the chain from n is stated.
func namedAt(n, x, d *Node) string {
	for _, r := range x.Sprint.DependsOn {
		if r.ID == d.ID() && !r.Order {
			if x != n {
				return fmt.Sprintf("through %s, line %d", x.ID(), r.Pos.Line)
			}
			return fmt.Sprintf("line %d", r.Pos.Line)
		}
	}
	return "stated"
}

// sideBySide makes the units of group one step of the order.
func (b *build) sideBySide(group []*Node) {
	in := map[*Node]bool{}
	for _, n := range group {
		in[n] = true
	}
	// What the order put before any of them: each of them waits on it.
	var before []*Node
	for _, n := range group {
		for _, d := range n.Deps {
			if !in[d] && !named(n, d) {
				before = appendNew(before, []*Node{d})
			}
		}
	}
	for _, n := range group {
		var deps []*Node
		for _, d := range n.Deps {
			if in[d] {
				delete(n.Explicit, d)
				continue
			}
			deps = append(deps, d)
		}
		n.Deps = appendNew(deps, before)
	}
	// What the order put after any of them waits on all of them.
	for _, n := range b.g.Nodes {
		if in[n] {
			continue
		}
		after := false
		for _, d := range n.Deps {
			after = after || (in[d] && !named(n, d))
		}
		if after {
			n.Deps = appendNew(n.Deps, group)
		}
	}
}

// ids renders the units of a group: "1.1, 1.2 and 1.3".
func ids(group []*Node) string {
	s := make([]string, len(group))
	for i, n := range group {
		s[i] = n.ID()
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// short cuts a long sentence for a message.
func short(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:77]) + "..."
	}
	return s
}
