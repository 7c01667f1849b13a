package emit

import (
	"fmt"
	"strings"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/planner"
)

// liveBranches are the branches a sprint starts from besides its source
// branch: those of its predecessors that the plan does not call done. A
// done sprint's work is on the source branch already, and its branch may
// be gone.
func liveBranches(n *planner.Node, branches []string) []string {
	var out []string
	for _, d := range n.Deps {
		if !done(d.Sprint) && branches[d.Order] != "" {
			out = append(out, branches[d.Order])
		}
	}
	return out
}

// done reports whether the plan calls sprint s done.
func done(s *parser.Sprint) bool { return s.Status.Value == parser.StatusClosed }

// checkTemplate reads the branch template (DefaultBranchTemplate unless
// the settings set one) and reports one that cannot yield creatable
// branches at the setting's position.
func (e *emitter) checkTemplate() {
	text := e.set.BranchTemplate
	if text == "" {
		text = DefaultBranchTemplate
	}
	t, err := ParseBranchTemplate(text)
	if err != nil {
		o := e.set.BranchTemplateAt
		if o.File == "" {
			o.File = e.g.Plan.File
		}
		e.diags = append(e.diags, parser.Diagnostic{File: o.File, Pos: o.Pos, Severity: parser.Error, Msg: err.Error()})
		return
	}
	e.tpl, e.tplOK = t, true
}

// templateName says where the branch scheme comes from, for messages.
func (e *emitter) templateName() string {
	if e.set.BranchTemplate == "" {
		return "the default branch_template " + DefaultBranchTemplate
	}
	o := e.set.BranchTemplateAt
	where := o.File
	if o.Pos.IsValid() {
		where += ":" + o.Pos.String()
	}
	return fmt.Sprintf("branch_template %s (%s)", e.set.BranchTemplate, where)
}

// branchUse is one sprint's branch, for checkBranches.
type branchUse struct {
	claim
	branch string
	// written is set when the plan wrote the branch (**Branch**:).
	written bool
}

// checkBranches reports every branch that git could not create: two
// sprints with one branch, one sprint's branch a folder of another's, a
// branch equal to, a folder of or under a source branch, and a branch that
// cannot exist beside one the repository has (Options.ExistingBranches).
// Each message names both sides and the fix. When a sprint the plan calls
// done is involved, no agent will create its branch, and the problem is a
// warning. Problems that many generated branches share (every branch
// under an existing "beads") are reported once, at the first sprint.
func (e *emitter) checkBranches(beads []Bead) {
	uses := make([]branchUse, 0, len(beads))
	for _, n := range e.fileOrder() {
		s := n.Sprint
		if b := beads[n.Order].Metadata.Branch; b != "" {
			uses = append(uses, branchUse{claim: at(s, s.Branch), branch: b, written: s.Branch.Set()})
		}
	}
	first := make(map[string]branchUse, len(uses))
	for _, u := range uses {
		f, ok := first[u.branch]
		if !ok {
			first[u.branch] = u
			continue
		}
		e.clash(u, f.claim, "sprint %s has the branch %s of sprint %s (line %d): git holds one branch of a name, so one of them could not start; give one of them a **Branch**: of its own",
			u.s.ID, u.branch, f.s.ID, f.s.Heading.Pos.Line)
	}
	for _, u := range uses {
		if first[u.branch].s != u.s {
			continue
		}
		for i := range len(u.branch) {
			if u.branch[i] != '/' {
				continue
			}
			if o, ok := first[u.branch[:i]]; ok {
				e.clash(u, o.claim, "branch %s of sprint %s cannot exist beside branch %s of sprint %s (line %d): git keeps branches as files under refs/heads/, so one cannot be a folder of the other; rename one with **Branch**:",
					u.branch, u.s.ID, o.branch, o.s.ID, o.s.Heading.Pos.Line)
			}
		}
	}

	groups := &clashGroups{}
	for _, u := range uses {
		src := e.sourceBranch(u.s)
		if rel := folderRelation(u.branch, src); rel != "" {
			fix := "write another **Branch**:"
			if !u.written {
				fix = "set another source branch, or a branch_template outside it (now " + e.templateName() + ")"
			}
			groups.add(u, "source:"+src+":"+rel, func(what string) string {
				return fmt.Sprintf("%s is %s the sprint's source branch %s: git keeps branches as files under refs/heads/, so the two cannot both exist; %s", what, rel, src, fix)
			})
		}
	}
	e.checkExisting(uses, groups)
	for _, g := range groups.list {
		e.reportGroup(g)
	}
}

// checkExisting adds to groups each branch that cannot be created beside a
// branch the repository has: one is a folder of the other. A sprint branch
// equal to an existing one is taken to be the sprint's own, from an
// earlier run, and only noted.
func (e *emitter) checkExisting(uses []branchUse, groups *clashGroups) {
	if len(e.o.ExistingBranches) == 0 {
		return
	}
	exists := map[string]bool{}
	folderOf := map[string]string{} // folder -> an existing branch under it
	for _, b := range e.o.ExistingBranches {
		exists[b] = true
		for i := range len(b) {
			if b[i] == '/' {
				if _, ok := folderOf[b[:i]]; !ok {
					folderOf[b[:i]] = b
				}
			}
		}
	}
	fix := func(u branchUse, other string) string {
		if u.written {
			return fmt.Sprintf("rename or delete the branch %s (git branch -m %s NEW-NAME), or write another **Branch**:", other, other)
		}
		return fmt.Sprintf("rename or delete the branch %s (git branch -m %s NEW-NAME), or set a branch_template outside it (now %s)", other, other, e.templateName())
	}
	for _, u := range uses {
		src := e.sourceBranch(u.s)
		if exists[u.branch] {
			e.diag(parser.Info, u.pos, "branch %s of sprint %s exists in the repository already: taken to be the sprint's own, from an earlier run", u.branch, u.s.ID)
			continue
		}
		for i := range len(u.branch) {
			if u.branch[i] != '/' {
				continue
			}
			if other := u.branch[:i]; exists[other] && other != src {
				groups.add(u, "under:"+other, func(what string) string {
					return fmt.Sprintf("%s cannot be created: the repository has a branch %s, and git keeps branches as files under refs/heads/, so %s cannot also be a folder; %s", what, other, other, fix(u, other))
				})
				break
			}
		}
		if other, ok := folderOf[u.branch]; ok && !strings.HasPrefix(src, u.branch+"/") {
			groups.add(u, "folder:"+u.branch, func(what string) string {
				return fmt.Sprintf("%s cannot be created: the repository has a branch %s under it, and git keeps branches as files under refs/heads/, so %s cannot be both a branch and a folder; %s", what, other, u.branch, fix(u, other))
			})
		}
	}
}

// clashGroup is one problem that one or more sprints' branches have.
type clashGroup struct {
	key   string
	uses  []branchUse
	done  bool // every sprint in it is done
	msg   func(what string) string
	first branchUse
}

// clashGroups keeps problems in the order they were found; sprints the
// plan calls done go in groups of their own, reported as warnings.
type clashGroups struct {
	list  []*clashGroup
	byKey map[string]*clashGroup
}

func (gs *clashGroups) add(u branchUse, key string, msg func(what string) string) {
	d := done(u.s)
	if d {
		key = "done:" + key
	}
	if gs.byKey == nil {
		gs.byKey = map[string]*clashGroup{}
	}
	g, ok := gs.byKey[key]
	if !ok {
		g = &clashGroup{key: key, done: d, msg: msg, first: u}
		gs.byKey[key] = g
		gs.list = append(gs.list, g)
	}
	g.uses = append(g.uses, u)
}

// reportGroup reports a group once, at its first sprint.
func (e *emitter) reportGroup(g *clashGroup) {
	u := g.first
	what := fmt.Sprintf("branch %s of sprint %s", u.branch, u.s.ID)
	if n := len(g.uses) - 1; n > 0 {
		ids := make([]string, 0, 3)
		for _, o := range g.uses[1:min(len(g.uses), 4)] {
			ids = append(ids, o.s.ID)
		}
		more := ""
		if n > 3 {
			more = ", ..."
		}
		sprints := "sprints"
		if n == 1 {
			sprints = "sprint"
		}
		what = fmt.Sprintf("branch %s of sprint %s (and the branches of %d more %s: %s%s)", u.branch, u.s.ID, n, sprints, strings.Join(ids, ", "), more)
	}
	msg := g.msg(what)
	sev := parser.Error
	if g.done {
		sev = parser.Warning
		msg += "; the plan calls the sprint done, so no agent will create its branch"
	}
	e.diag(sev, u.pos, "%s", msg)
}

// clash reports a problem between sprint u's branch and the other
// sprint's: a warning when either is done, else an error.
func (e *emitter) clash(u branchUse, other claim, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if done(u.s) || done(other.s) {
		d := u.s
		if !done(d) {
			d = other.s
		}
		e.diag(parser.Warning, u.pos, "%s; sprint %s is done, so no agent will create its branch", msg, d.ID)
		return
	}
	e.diag(parser.Error, u.pos, "%s", msg)
}
