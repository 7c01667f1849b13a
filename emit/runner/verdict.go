package runner

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/beads-architect/architect/emit"
	"github.com/beads-architect/architect/parser"
)

// Change is one file a branch changed, as git names it. A rename changes
// both its old and its new path.
type Change struct {
	Status string // git's letter: A, M, D, R, C, T, or ? for an untracked file
	Path   string
	// From is a renamed or copied file's old path.
	From string
}

// ScopeReport is what a scope check found.
type ScopeReport struct {
	Changed []Change `json:"-"`
	// Forbidden maps a changed path to the forbidden pattern that matches
	// it; Outside lists changed paths no allowed pattern matches;
	// Untouched lists target files the branch did not change.
	Forbidden map[string]string `json:"forbidden"`
	Outside   []string          `json:"outside_allowed"`
	Untouched []string          `json:"untouched_files"`
}

// Clean reports whether every change is inside the pins.
func (r ScopeReport) Clean() bool { return len(r.Forbidden) == 0 && len(r.Outside) == 0 }

// CheckScope holds a branch's changes to a sprint's pins.
func CheckScope(pins parser.Pins, changed []Change) ScopeReport {
	r := ScopeReport{Changed: changed, Forbidden: map[string]string{}, Outside: []string{}, Untouched: []string{}}
	touched := map[string]bool{}
	outside := map[string]bool{}
	for _, c := range changed {
		for _, p := range []string{c.From, c.Path} {
			if p == "" || touched[p] {
				continue
			}
			touched[p] = true
			if ok, by := pins.Allows(p); !ok {
				if by != "" {
					r.Forbidden[p] = by
				} else if !outside[p] {
					outside[p] = true
					r.Outside = append(r.Outside, p)
				}
			}
		}
	}
	sort.Strings(r.Outside)
	for _, f := range pins.Files {
		if !touched[f] {
			r.Untouched = append(r.Untouched, f)
		}
	}
	return r
}

// Verdict is an IO Schemas verdict on a task's work.
type Verdict struct {
	TaskID     string      `json:"task_id"`
	Verdict    string      `json:"verdict"`
	Reason     string      `json:"reason"`
	Checks     Checks      `json:"checks"`
	NextAction string      `json:"next_action"`
	Scope      ScopeDetail `json:"scope"`
}

// Checks are the verdict's checks; nil is a check architect does not make.
type Checks struct {
	SchemaValid       *bool `json:"schema_valid"`
	ScopeClean        *bool `json:"scope_clean"`
	TestsPassed       *bool `json:"tests_passed"`
	ArtifactsComplete *bool `json:"artifacts_complete"`
	ChangedFilesMatch *bool `json:"changed_files_match"`
}

// ScopeDetail lists what the scope check saw, beyond the verdict's shape.
type ScopeDetail struct {
	Sprint    string            `json:"sprint"`
	Base      string            `json:"base"`
	Head      string            `json:"head"`
	Changed   []string          `json:"changed_files"`
	Forbidden map[string]string `json:"forbidden"`
	Outside   []string          `json:"outside_allowed"`
	Untouched []string          `json:"untouched_files"`
}

// NewVerdict words a scope report as a verdict. Changes outside the pins
// are REJECT: the work strayed. Pins kept but target files left untouched
// are RETRY: the work is not done. Otherwise DONE.
func NewVerdict(taskID, sprint, base, head string, r ScopeReport) Verdict {
	yes, no := true, false
	clean, match := &yes, &yes
	if !r.Clean() {
		clean = &no
	}
	if len(r.Untouched) > 0 {
		match = &no
	}
	v := Verdict{
		TaskID: taskID,
		Checks: Checks{SchemaValid: &yes, ScopeClean: clean, ChangedFilesMatch: match},
		Scope: ScopeDetail{Sprint: sprint, Base: base, Head: head, Changed: []string{},
			Forbidden: r.Forbidden, Outside: r.Outside, Untouched: r.Untouched},
	}
	for _, c := range r.Changed {
		v.Scope.Changed = append(v.Scope.Changed, c.Path)
	}
	switch {
	case !r.Clean():
		var parts []string
		for _, p := range slices.Sorted(maps.Keys(r.Forbidden)) {
			parts = append(parts, fmt.Sprintf("%s is forbidden (%s)", p, r.Forbidden[p]))
		}
		for _, p := range r.Outside {
			parts = append(parts, p+" is outside the allowed paths")
		}
		v.Verdict, v.NextAction = "REJECT", "human"
		v.Reason = "changes outside the sprint's pins: " + strings.Join(parts, "; ")
	case len(r.Untouched) > 0:
		v.Verdict, v.NextAction = "RETRY", "retry"
		v.Reason = "target files not changed: " + strings.Join(r.Untouched, ", ")
	default:
		v.Verdict, v.NextAction = "DONE", "none"
		v.Reason = emit.Plural(len(v.Scope.Changed), "changed file", "changed files") + ", all inside the sprint's pins"
	}
	return v
}

// CheckVerdict validates a verdict against the shipped schema.
func CheckVerdict(v Verdict) error {
	return check(verdictSchema(), "verdict", []string{v.TaskID}, []any{v})
}
