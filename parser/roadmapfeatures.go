package parser

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/yuin/goldmark/ast"
)

// featuresDescription names the format: features reading.
const featuresDescription = "a roadmap's features: its level-2 sections, or the level-3 sections of a level-2 section that only groups them"

// scoreFeatures puts a roadmap's feature sections over the level-2
// sections of a checklist (scoreSections) and under its bullets when its
// sections are horizons (scoreBullets).
const scoreFeatures = 335

// roadmapSections are a roadmap's sections that are not features: what it
// is, how to read it, how to take part.
var roadmapSections = []string{"overview", "introduction", "intro", "about", "vision", "mission", "summary", "scope", "purpose", "themes",
	"how to contribute", "how to get involved", "get involved", "feedback", "legend", "notes", "disclaimer", "process", "release cycle",
	"release schedule", "release process", "versioning", "timeline", "status", "current status", "table of contents", "contents",
	// where the roadmap really lives: "## Issues", "## Milestones", "## Searching"
	"issues", "milestones", "searching", "labels", "project board", "projects"}

// processSection reports a roadmap's section on how the roadmap is run:
// its meetings, how to propose a feature, how issues are triaged, who owns
// it ("## Community Meetings", "## Issue triaging").
func processSection(norm string) bool {
	return containsAny(norm, []string{"meeting", "meetup", "triag", "proposing a", "propose a", "ownership", "governance", "contribut"}) || norm == "description"
}

// deferredSections hold a roadmap's items that no release plans for.
var deferredSections = []string{"pending", "later", "future", "someday", "backlog", "ideas", "icebox", "parking lot", "wishlist",
	"unscheduled", "not planned", "maybe", "under consideration"}

// featureSet is what roadmapFeatures found: the unit headings, and the
// sections of deferred items it leaves out, with their item counts.
type featureSet struct {
	units    map[*ast.Heading]bool
	lines    []int
	deferred []deferredSection
}

type deferredSection struct {
	head  *ast.Heading
	title string
	items int
}

// roadmapFeatures finds, in a document titled as a roadmap ("# Karmada
// Roadmap") with no checkbox and no sections that are horizons, the
// sections that name its features: each level-2 section with text of its
// own ("## Multi-cluster Queue Management" over a paragraph), or the
// level-3 sections of a level-2 section that has none and only groups
// them ("## Others"). Every feature is told in prose: a list or a deeper
// heading in one is another reading's (its items, its sections). A roadmap's own sections (an overview, how to take
// part) are not features; a section of items no release plans for ("##
// Pending") is left out, and the read says so. nil when the document is
// not such a roadmap (a retrospective of one is not), or has fewer than
// three features, or a section has a status ("## Done"): the status
// readings read those.
func (b *builder) roadmapFeatures(doc ast.Node) *featureSet {
	if hasCheckbox(b.src) || b.horizonSections(doc, 2) {
		return nil
	}
	var title string
	var level2 []*ast.Heading
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			switch {
			case h.Level == 1 && title == "":
				title = b.trimmedText(h)
			case h.Level == 2:
				level2 = append(level2, h)
			}
		}
	}
	if !roadmapTitle(title) {
		return nil
	}
	for _, k := range titleKinds {
		if hasAnyWord(title, k.words) {
			return nil // "Roadmap 0.3 Retrospective"
		}
	}
	process := 0
	for _, h := range level2 {
		if processSection(normalHeading(b.trimmedText(h))) {
			process++
		}
	}
	if process >= 2 && 2*process >= len(level2) {
		// "## Community Meetings", "## Proposing a feature", "## Issue
		// triaging": a page on how the roadmap is run, which names no
		// feature.
		return nil
	}
	fs := &featureSet{units: map[*ast.Heading]bool{}}
	others := 0
	for _, h := range level2 {
		t := b.trimmedText(h)
		norm := normalHeading(t)
		switch {
		case slices.Contains(deferredSections, norm) || sectionState(t) == statusSkipped:
			n, first := 0, 0
			for c := h.NextSibling(); c != nil; c = c.NextSibling() {
				if x, ok := c.(*ast.Heading); ok && x.Level <= 2 {
					break
				}
				if l, ok := c.(*ast.List); ok {
					b.countBullets(l, &n, &first)
				}
			}
			fs.deferred = append(fs.deferred, deferredSection{head: h, title: t, items: n})
			continue
		case sectionState(t) != "":
			return nil // "## Done", "## In progress": a status reading's
		case slices.Contains(roadmapSections, norm) || goalsSection(t) || docSection(norm):
			others++
			continue
		}
		own, subs := false, []*ast.Heading(nil)
		for c := h.NextSibling(); c != nil; c = c.NextSibling() {
			x, ok := c.(*ast.Heading)
			if ok && x.Level <= 2 {
				break
			}
			switch {
			case ok && x.Level == 3:
				subs = append(subs, x)
			case c.Kind() == ast.KindList || ok && x.Level > 3:
				// A feature is told in prose; a section of items or of
				// finer headings is another reading's.
				return nil
			case !ok && len(subs) == 0 && c.Kind() != ast.KindThematicBreak:
				own = true
			}
		}
		switch {
		case own || len(subs) == 0:
			fs.add(b, h)
		default:
			horizons := 0
			for _, x := range subs {
				if horizonTitle(b.trimmedText(x)) {
					horizons++
				}
			}
			if horizons*2 >= len(subs) {
				// "### Next Release", "### Future Releases": when, not
				// what; told in prose they name no feature.
				return nil
			}
			for _, x := range subs {
				fs.add(b, x)
			}
		}
	}
	if len(fs.lines) < 3 || others > len(fs.lines) {
		return nil
	}
	return fs
}

func (fs *featureSet) add(b *builder, h *ast.Heading) {
	fs.units[h] = true
	fs.lines = append(fs.lines, b.p.Position(b.blockStart(h)).Line)
}

// docSection reports a section title that a README, minutes, a
// changelog, a how-to, a design or a report has (docKinds).
func docSection(norm string) bool {
	for _, k := range docKinds {
		if slices.Contains(k.heads, norm) {
			return true
		}
	}
	return false
}

// featuresCandidate proposes roadmapFeatures' reading when nothing but a
// document's sections reads it (best is the best other score) and no
// heading of sc is a phase or a unit ("## M1 — 测量骨架").
func (b *builder) featuresCandidate(doc ast.Node, sc *shapeScan, add func(*Candidate), best int) {
	if best > scoreSections || sc != nil && (sc.phaseLevel > 0 || slices.ContainsFunc(sc.heads, func(r *shapeHead) bool { return r.sh.kind == shapeUnit || r.sh.kind == shapePhase })) {
		return
	}
	fs := b.roadmapFeatures(doc)
	if fs == nil {
		return
	}
	why := "a roadmap whose sections name its features, with no unit headings, checkboxes or horizons"
	for _, d := range fs.deferred {
		why += fmt.Sprintf("; %q is left out, as items no release plans for", d.title)
	}
	add(&Candidate{Name: "headings", Description: featuresDescription, Units: len(fs.lines), First: firstOf(fs.lines),
		Declare: "format: features", Score: scoreFeatures, level: 2, Why: why,
		read: func(b *builder, doc ast.Node) bool { return b.readFeatures(doc, fs) }})
}

// featuresReader is the declared format: features.
func featuresReader(b *builder, doc ast.Node) bool {
	fs := b.roadmapFeatures(doc)
	return fs != nil && b.readFeatures(doc, fs)
}

// readFeatures reads a roadmap's features as units, and warns of each
// section of deferred items it leaves out.
func (b *builder) readFeatures(doc ast.Node, fs *featureSet) bool {
	units := func(_ *shapeScan, r *shapeHead) bool { return fs.units[r.node] }
	if !b.runShapesWith(doc, shapeConfig{units: units, retag: featureRetag(fs), phaseLevel: -1, name: featuresDescription}) {
		return false
	}
	for _, d := range fs.deferred {
		if d.items > 0 {
			b.p.warnf(b.p.Position(b.blockStart(d.head)), "the %d items under %q are not compiled: a roadmap's section of items no release plans for (declare units: \"- {title} under ## %s\" to compile them)", d.items, d.title, d.title)
		}
	}
	return true
}

// featureRetag reads a feature heading's whole text as its title, as the
// declared "## {title}" does, numbered by its place among the features.
func featureRetag(fs *featureSet) func(*shapeHead) {
	place := 0
	return func(r *shapeHead) {
		if !fs.units[r.node] {
			return
		}
		_, title, ok := unitPattern{kind: "heading", level: r.node.Level, any: true}.headingUnit(r.head.Text)
		if !ok {
			return
		}
		place++
		r.sh = shape{kind: shapeUnit, word: "section", id: strconv.Itoa(place), sep: true, rest: title, title: cleanTitle(title), lead: leadOf(r.head.Text)}
	}
}
