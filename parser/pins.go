package parser

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/bmatcuk/doublestar/v4"
)

// Pins hold an agent to its scope: the paths it may touch, the paths it must
// not, and the files it is meant to change.
//
// Patterns are gitignore-style globs, relative to the repository root: "*"
// and "?" stay inside one path segment, "**" spans segments, "{a,b}" and
// "[a-z]" work as in the shell. A pattern with no slash but a trailing one
// matches a file or directory of that name at any depth ("*.md",
// "node_modules/"); any other pattern is anchored at the root ("src/api").
// A pattern that matches a directory matches everything under it.
type Pins struct {
	Allowed   []string `json:"allowed_paths"`
	Forbidden []string `json:"forbidden_paths"`
	Files     []string `json:"files"`
}

// Pin is one pattern or path as written in the plan, with its position.
type Pin struct {
	Value string
	Pos   Pos
}

// CheckPattern reports what is wrong with a pin pattern: a pattern that
// does not parse, or one that escapes the repository.
func CheckPattern(p string) error {
	switch {
	case p == "":
		return fmt.Errorf("empty pattern")
	case strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || (len(p) > 1 && p[1] == ':'):
		return fmt.Errorf("%q is not relative to the repository: write paths from its root, like src/**", p)
	case strings.Contains(p, "\\"):
		return fmt.Errorf("%q holds a backslash: use / between path segments", p)
	}
	for _, seg := range strings.Split(strings.TrimSuffix(p, "/"), "/") {
		if seg == ".." {
			return fmt.Errorf("%q escapes the repository", p)
		}
	}
	if !doublestar.ValidatePattern(p) {
		return fmt.Errorf("%q is not a valid glob", p)
	}
	return nil
}

// CheckFile reports what is wrong with a target file's path.
func CheckFile(p string) error {
	if err := CheckPattern(p); err != nil {
		return err
	}
	if strings.ContainsAny(p, "*?[{") {
		return fmt.Errorf("%q is a pattern: Files names files, one path each", p)
	}
	return nil
}

// matches reports whether a repository-relative file path is matched by a
// pin pattern.
func matches(pattern, file string) bool {
	pattern = strings.TrimPrefix(pattern, "./")
	file = path.Clean(strings.TrimPrefix(file, "./"))
	dir := strings.HasSuffix(pattern, "/")
	pattern = strings.TrimSuffix(pattern, "/")
	if !strings.Contains(pattern, "/") {
		pattern = "**/" + pattern // a name, at any depth
	}
	if !dir {
		if ok, _ := doublestar.Match(pattern, file); ok {
			return true
		}
	}
	ok, _ := doublestar.Match(pattern+"/**", file)
	return ok
}

// Allows reports whether the pins let an agent touch file, and if not,
// which pattern stands in the way: a forbidden pattern that matches it, or
// "" when no allowed pattern matches it. Forbidden wins over allowed; no
// allowed patterns allow everything.
func (p Pins) Allows(file string) (ok bool, forbiddenBy string) {
	for _, f := range p.Forbidden {
		if matches(f, file) {
			return false, f
		}
	}
	if len(p.Allowed) == 0 {
		return true, ""
	}
	for _, a := range p.Allowed {
		if matches(a, file) {
			return true, ""
		}
	}
	return false, ""
}

// Roles a task input may give its agent.
var Roles = []string{"planner", "splitter", "engineer", "reviewer", "doc", "ssot_curator", "designer"}

func validRole(r string) bool {
	for _, x := range Roles {
		if r == x {
			return true
		}
	}
	return false
}

// readTimeout reads a time budget: "45m", "2h", "1h30m", "90" (minutes),
// "90 minutes". It returns whole minutes.
func readTimeout(v string) (int, bool) {
	s := strings.ToLower(strings.TrimSpace(v))
	for _, long := range []struct{ from, to string }{
		{"minutes", "m"}, {"minute", "m"}, {"mins", "m"}, {"min", "m"}, {"hours", "h"}, {"hour", "h"}, {"hrs", "h"}, {"hr", "h"},
	} {
		s = strings.ReplaceAll(s, long.from, long.to)
	}
	s = strings.ReplaceAll(s, " ", "")
	if n, err := strconv.Atoi(s); err == nil {
		return n, n > 0
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 || d%time.Minute != 0 {
		return 0, false
	}
	return int(d / time.Minute), true
}

// Pins returns a sprint's pins under these settings: the settings' own,
// then the sprint's.
func (d Defaults) Pins(s *Sprint) Pins {
	out := Pins{
		Allowed:   appendPins(d.AllowedPaths, s.AllowedPaths),
		Forbidden: appendPins(d.ForbiddenPaths, s.ForbiddenPaths),
		Files:     appendPins(d.Files, s.Files),
	}
	return out
}

func appendPins(plan []string, own []Pin) []string {
	out := make([]string, 0, len(plan)+len(own))
	seen := map[string]bool{}
	for _, v := range plan {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, v := range own {
		if !seen[v.Value] {
			seen[v.Value] = true
			out = append(out, v.Value)
		}
	}
	return out
}

// checkPins reports the target files that the sprint's own pins, with the
// plan's, would not let its agent touch.
func (b *builder) checkPins() {
	for _, s := range b.p.Sprints {
		pins := b.p.Defaults.Pins(s)
		for _, f := range s.Files {
			if ok, by := pins.Allows(f.Value); !ok {
				if by != "" {
					b.p.errorf(f.Pos, "target file %s of sprint %s is forbidden by %q", f.Value, s.ID, by)
				} else {
					b.p.errorf(f.Pos, "target file %s of sprint %s is outside its allowed paths (%s)", f.Value, s.ID, strings.Join(pins.Allowed, ", "))
				}
			}
		}
		for _, f := range b.p.Defaults.Files {
			if ok, _ := pins.Allows(f); !ok {
				b.p.errorf(s.Heading.Pos, "the plan's target file %s is outside the pins of sprint %s", f, s.ID)
			}
		}
	}
}
