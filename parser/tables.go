package parser

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// This file reads units written as the rows of a GFM table:
//
//	| ID     | Title          | Depends On | Status |
//	|--------|----------------|------------|--------|
//	| Vec-01 | Vector store   | —          | ✅     |
//	| Vec-02 | Embedding jobs | Vec-01     |        |
//
// A table is a list of units only when its id column holds a unit id in
// every body row, the ids share one prefix (bare numbers: in sequence), and
// the table has a title column and says it tracks work (a Status or
// Depends On column, or a title column headed Title, Task, Work, ...).
// Anything else (a field mapping, a risk table, metrics) is text: when in
// doubt, a table is text. The shapes reader reads a table's rows only where
// it found no other unit (shapes.go).

// The column headers a table of units is read by, lower case.
var (
	idHeaders = map[string]bool{"id": true, "#": true, "key": true, "task": true, "step": true, "sprint": true,
		"bead": true, "task id": true, "bead id": true, "no.": true, "no": true, "order": true,
		// the same in Chinese, Japanese and Korean: "| 步骤 | PR | 文件 | 说明 |"
		"步骤": true, "步驟": true, "序号": true, "序號": true, "编号": true, "編號": true, "番号": true, "ステップ": true, "단계": true, "번호": true,
		// an order of implementation: "| 구현 순서 | 기능 |", "| 实施顺序 |"
		"구현 순서": true, "实施顺序": true, "実装順序": true}
	titleHeaders = map[string]bool{"title": true, "name": true, "task": true, "description": true, "summary": true,
		"work": true, "deliverable": true, "backlog item": true, "work item": true, "story": true, "user story": true,
		"beschreibung": true, "titel": true, "aufgabe": true, "descripción": true, "título": true, "tarea": true,
		"descrição": true, "tarefa": true, "titre": true, "tâche": true, "标题": true, "任务": true, "描述": true, "説明": true, "タスク": true,
		"工作项": true, "工作項": true, "事项": true, "任務": true, "作業": true, "작업": true, "항목": true, "melhoria": true, "mejora": true,
		"说明": true, "內容": true, "内容": true, "내용": true, "설명": true, "제목": true}
	statusHeaders = map[string]bool{"status": true, "state": true, "done": true, "progress": true,
		"estado": true, "situação": true, "statut": true, "stato": true, "статус": true, "состояние": true,
		"状态": true, "当前状态": true, "狀態": true, "目前狀態": true, "状態": true, "ステータス": true, "상태": true, "진행 상태": true}
	priorityHeaders = map[string]bool{"priority": true, "prio": true, "优先级": true, "優先級": true, "優先度": true, "優先順位": true, "우선순위": true, "prioridad": true, "prioridade": true, "priorité": true, "priorität": true}
)

// compoundHeader reads a header that Chinese, Japanese or Korean writes
// as the row's noun and the column's ("任务编号", task number; "任务名称",
// task name; "任务状态", task status) as the column's word alone.
func compoundHeader(h string) string {
	if h == "" || h[0] < 0x80 || utf8.RuneCountInString(h) > 6 {
		return h
	}
	for _, w := range []string{"编号", "編號", "番号", "번호", "状态", "狀態", "状態", "상태"} {
		if strings.HasSuffix(h, w) {
			return w
		}
	}
	for _, w := range []string{"名称", "名稱", "이름"} {
		if strings.HasSuffix(h, w) {
			return "标题"
		}
	}
	return h
}

// groupRow reports a row that only names a group: a dash where the id
// goes, one cell of text, every other cell empty or a dash
// ("|-|`Build/`|-|-|-|").
func (b *builder) groupRow(cells []ast.Node) bool {
	if len(cells) == 0 || !slices.Contains([]string{"-", "–", "—"}, b.cellText(cells[0])) {
		return false
	}
	text, label := 0, false
	for _, c := range cells {
		switch t := b.cellText(c); t {
		case "", "-", "–", "—":
		default:
			text++
			// A group's name reads as one: a path in code ("`Build/`"),
			// or words ending in a slash or a colon; "Write the docs"
			// is a unit with no id, which the table's reader warns of.
			code := c.FirstChild() != nil && c.FirstChild().Kind() == ast.KindCodeSpan && c.FirstChild().NextSibling() == nil
			label = code || strings.HasSuffix(t, "/") || strings.HasSuffix(t, ":")
		}
	}
	return text == 1 && label && len(cells) >= 3
}

// tableIDRE is an id a row of units carries: a word or prefix and a number
// ("T4", "WU-1", "Vec-01", "S1", "Step 3"), or a number with dots and a
// letter ("1.2", "3a.1"). Group 1 is the prefix, group 2 the number.
var tableIDRE = lazyMustCompile(`^([A-Za-z][A-Za-z]{0,11}[ _-]?)?([0-9]{1,6}[a-zA-Z]?(?:\.[0-9]{1,6}[a-z]?)*)$`)

// tableKeyRE is a tracker's task key of two words or more and a number,
// joined by dashes ("UI-THEME-MDUI-1", "termState-IMPL-1").
var tableKeyRE = lazyMustCompile(`^[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z][A-Za-z0-9]*)+-[0-9]{1,6}[a-z]?$`)

// tableKeyPrefix stands for the prefix of task keys, which differ from
// row to row.
const tableKeyPrefix = "\x00key"

// unitTable is a table read as a list of units.
type unitTable struct {
	t     *east.Table
	names []string     // the column headers as written
	rows  [][]ast.Node // the body rows' cells
	// the columns, -1 when there is none
	id, title, status, deps, priority int
	ids                               []string // each row's id as written
	// keyed: the status column is an unnamed one of marks the document's
	// legend defines (":ship:", "🚧"), read by the legend
	keyed bool
}

// cellText is a cell's plain text, markup and blanks trimmed.
func (b *builder) cellText(c ast.Node) string {
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(plainText(c, b.src)), "*_`"))
}

// tableID reads a cell as a unit id: its prefix (lower case, separators
// dropped) and its number; ok is false when the cell is no unit id.
func tableID(text string) (prefix, num string, ok bool) {
	_, text = cutIDMark(text)
	if m := tableIDRE.FindStringSubmatch(text); m != nil {
		return strings.ToLower(strings.TrimRight(m[1], " _-")), m[2], true
	}
	if len(text) > 1 && text[0] == '#' && strings.Trim(text[1:], "0123456789") == "" && len(text) <= 7 {
		// An issue's number ("#13"): issues are numbered as they are
		// filed, not in the order of the work, so "#" is their prefix.
		return "#", text[1:], true
	}
	if tableKeyRE.MatchString(text) || len(text) == 1 && text[0] >= 'A' && text[0] <= 'Z' {
		// A tracker's task key ("UI-THEME-MDUI-1", "termState-IMPL-1"),
		// or a scope's letter ("L", "E", "G" in a column headed ID): the
		// row is numbered by its place.
		return tableKeyPrefix, "", true
	}
	if strings.Contains(text, "-") && !strings.ContainsAny(text, " \t") && ValidBeadID(text) {
		// A bead id: "bd-4uv.3". Its prefix is the part before the
		// first dash.
		pre, _, _ := strings.Cut(text, "-")
		return strings.ToLower(pre) + "-", "", true
	}
	return "", "", false
}

// cutIDMark cuts a status mark written before a row's id ("✅ T1", how a
// task table marks its done rows) from the id.
func cutIDMark(text string) (mark, id string) {
	t := strings.TrimLeftFunc(text, isMarkRune)
	if t == text || !strings.HasPrefix(t, " ") {
		return "", text
	}
	return text[:len(text)-len(t)], strings.TrimSpace(t)
}

// readUnitTable reads a table as a list of units. When the table is not
// one, it returns nil; near then lists the lines of the rows with no unit id
// when most rows have one and the table is otherwise a list of units.
func (b *builder) readUnitTable(t *east.Table) (ut *unitTable, near []int) {
	ut = &unitTable{t: t, id: -1, title: -1, status: -1, deps: -1, priority: -1}
	var header []string
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		cells := rowCells(r)
		if _, ok := r.(*east.TableHeader); ok {
			for _, c := range cells {
				name := b.cellText(c)
				ut.names = append(ut.names, name)
				header = append(header, compoundHeader(sectionName(name)))
			}
			continue
		}
		if b.groupRow(cells) {
			// "|-|`Build/`|-|-|": a row that names the group of the rows
			// under it, no unit.
			continue
		}
		ut.rows = append(ut.rows, cells)
	}
	if len(ut.rows) < 2 || len(header) < 2 {
		return nil, nil
	}
	for i, h := range header {
		switch {
		case statusHeaders[h] && ut.status < 0:
			ut.status = i
		case depsColumn[h] && ut.deps < 0:
			ut.deps = i
		case priorityHeaders[h] && ut.priority < 0:
			ut.priority = i
		}
	}
	if ut.status >= 0 && b.testResults(ut.rows, ut.status) {
		// "| # | Test | Status |" with PASS and FIXME in its rows: the
		// results of tests run, not work.
		return nil, nil
	}
	if notWorkTable(header) && !(lineCounts(header) && ut.status >= 0 && b.mostlyStatus(ut.rows, ut.status)) {
		// "| # | File | Lines | Status |" with "Completed" in its rows:
		// files converted one by one, not places a review found.
		return nil, nil
	}
	// The id column: one headed like an id, else the first.
	cands := []int{}
	for i, h := range header {
		if idHeaders[h] {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 || cands[0] != 0 {
		cands = append(cands, 0)
	}
	nearCol := -1
	for _, col := range cands {
		if col == ut.status || col == ut.deps || col == ut.priority {
			continue
		}
		ids, missing, prefixes := ut.idColumn(b, col)
		if len(missing) > 0 {
			if nearCol < 0 && len(missing)*2 < len(ut.rows) && len(prefixes) == 1 {
				nearCol, near = col, missing
			}
			continue
		}
		// "| Stage | Status | Scope |" over "| 1a | done | …": bare numbers
		// under a unit word are ids, where a status says the rows are work.
		if !b.unitIDs(ids, idHeaders[header[col]] || header[col] == "phase" && phaseRows(header[col], b.headingOver(t)) || (unitColumn(header[col]) || slices.Contains(phaseWords, header[col])) && ut.status >= 0) {
			continue
		}
		ut.id, ut.ids = col, ids
		break
	}
	if ut.id < 0 && nearCol < 0 && ut.titledRows(b, header) {
		return ut, nil
	}
	if ut.id < 0 {
		// Almost a list of units: said only when the rest of the table
		// is one.
		if nearCol >= 0 && ut.columns(b, header, nearCol) {
			return nil, near
		}
		return nil, nil
	}
	if !ut.columns(b, header, ut.id) {
		return nil, nil
	}
	return ut, nil
}

// columns finds the title column of a table whose ids are in column id: one
// headed like a title, else the first text column after the id. It reports
// whether the table says it tracks work: a status or dependency column, or
// a title column headed like one.
func (ut *unitTable) columns(b *builder, header []string, id int) bool {
	ut.title = -1
	for i, h := range header {
		if i != id && titleHeaders[h] {
			ut.title = i
			return true
		}
	}
	// The first text column after the id whose cells differ row to row
	// (a title names one row; "craftsman" in every row is a role), else
	// the first text column.
	for _, distinct := range []bool{true, false} {
		for i := id + 1; i < len(header) && ut.title < 0; i++ {
			if i != ut.status && i != ut.deps && i != ut.priority && ut.textColumn(b, i) && (!distinct || ut.distinct(b, i)) {
				ut.title = i
			}
		}
	}
	return ut.title >= 0 && (ut.status >= 0 || ut.deps >= 0 && ut.depsNameRows(b, header, id) || unitColumn(header[id]) && b.planTitled() || phaseRows(header[id], b.headingOver(ut.t)) ||
		// "| ID | Size | Priority | Outcome |" under "## Ordered
		// backlog": a priority says each row is work to do.
		ut.priority >= 0 && (workSection(b.headingOver(ut.t)) || hasAnyWord(b.headingOver(ut.t), []string{"backlog"})) ||
		// "| # | Item | Shape | Detail |" in "# Ava roadmap": numbered
		// items of a roadmap's list.
		idHeaders[header[id]] && (header[ut.title] == "item" || slices.Contains(workTitleHeaders, header[ut.title])) && b.planTitled())
}

// depsNameRows reports whether the dependency column names the table's
// rows: always for an English header, which says so; for one in another
// script ("依赖", "의존성"), only when most of its cells name rows, by an id
// of the table ("12") or a number ("#27 Bow"), or name none ("없음"), not
// packages ("vue 3").
func (ut *unitTable) depsNameRows(b *builder, header []string, id int) bool {
	if h := header[ut.deps]; h == "" || h[0] < 0x80 {
		return true
	}
	ids := map[string]bool{}
	for _, row := range ut.rows {
		if id < len(row) {
			ids[b.cellText(row[id])] = true
		}
	}
	named := 0
	for _, row := range ut.rows {
		if ut.deps >= len(row) {
			continue
		}
		ok := true
		for _, part := range itemSep.Split(b.cellText(row[ut.deps]), -1) {
			p := strings.Trim(part, " .*_`—–-")
			first, _, _ := strings.Cut(p, " ")
			ref := strings.HasPrefix(first, "#") && len(first) > 1 && strings.Trim(first[1:], "0123456789") == ""
			if p != "" && !noneWords[strings.ToLower(p)] && !ids[p] && !ref {
				ok = false
			}
		}
		if ok {
			named++
		}
	}
	return 2*named >= len(ut.rows)
}

// distinct reports whether column col holds a different text in every row.
func (ut *unitTable) distinct(b *builder, col int) bool {
	seen := map[string]bool{}
	for _, row := range ut.rows {
		if col >= len(row) {
			return false
		}
		t := b.cellText(row[col])
		if seen[t] {
			return false
		}
		seen[t] = true
	}
	return true
}

// workTitleHeaders head a first column whose cells name work: a table of
// tasks with no id column ("| Task | Status | Notes |").
var workTitleHeaders = []string{"task", "title", "work", "work item", "deliverable", "backlog item", "story", "user story", "todo", "to do", "milestone"}

// scheduleHeaders head a column that says when a row is due: a release,
// a version, a quarter, a target date.
var scheduleHeaders = []string{"release", "release timeline", "target release", "timeline", "target", "eta", "due", "quarter", "version", "milestone"}

// titledRows reads a table with no id column as a list of units, numbered
// by their place, when its first column is headed like work ("Task", or
// "Feature" beside a release column), a Status column says how the rows
// stand (every row, or half of them with the rest empty: not begun), and
// the document's title says it is a plan ("# v2 Release TODO"). The first
// column is then both the rows' id column and their title.
func (ut *unitTable) titledRows(b *builder, header []string) bool {
	checklistItems := header[0] == "item" && b.checklistTitled()
	if !slices.Contains(workTitleHeaders, header[0]) && !(header[0] == "feature" && slices.ContainsFunc(header, func(h string) bool { return slices.Contains(scheduleHeaders, h) })) &&
		// "| Component | Status |" in a "Style Migration Tracker": each
		// component is moved in turn, where a plan says so.
		!(header[0] == "component" && b.planTitled()) &&
		// "| item | status | evidence |" in an "Assurance Uplift
		// Checklist": each item is a check of the list, gone through.
		!checklistItems {
		// A roadmap's "| Feature | Description | Release timeline |
		// Status |" lists work; a Feature column with no date or
		// release to meet lists what a product has.
		return ut.markedRows(b, header) || ut.legendRows(b, header)
	}
	if !ut.textColumn(b, 0) || !b.planTitled() && !workSection(b.headingOver(ut.t)) {
		return false
	}
	if ut.status <= 0 && ut.priority > 0 {
		// "| Title | Priority | Note |": the priority says the rows are
		// work; a Note column that only ever says how a row stands
		// ("Completed") is its status, and an empty one none.
		ut.status = ut.statusNotes(b, header)
		ut.id, ut.title = 0, 0
		ut.ids = make([]string, len(ut.rows))
		return true
	}
	if ut.status <= 0 {
		return false
	}
	said := 0
	for _, row := range ut.rows {
		if ut.status >= len(row) {
			return false
		}
		switch st := b.cellText(row[ut.status]); {
		case st == "":
			// Not started: a roadmap leaves the status of what it has
			// not begun empty.
		case !readStatus(st).known && !checklistItems:
			return false
		case !readStatus(st).known:
			// "⚠️" in a checklist's item table: a mark the reader does
			// not know, the row read open, and said.
		default:
			said++
		}
	}
	if 2*said < len(ut.rows) {
		return false
	}
	ut.id, ut.title = 0, 0
	ut.ids = make([]string, len(ut.rows))
	return true
}

// markedRows reads, in a document titled as a plan, a table whose work
// column stands past the first ("| Priority | Scenario | Notes | State |")
// as a list of units, when its status column says, in words or marks,
// how each row stands: every cell known ("✔️", "Done") or a lone mark
// the reader does not know ("📝", "🦶": open), one known at least.
func (ut *unitTable) markedRows(b *builder, header []string) bool {
	w := slices.IndexFunc(header, func(h string) bool {
		return slices.Contains(workTitleHeaders, h) || slices.Contains(themeHeaders, h) || h == "scenario" || h == "description" || h == "feature"
	})
	if w <= 0 || ut.status < 0 || ut.status == w || !b.planTitled() || !ut.textColumn(b, w) || !ut.distinct(b, w) {
		return false
	}
	for i := range w {
		if i != ut.status && i != ut.priority && ut.textColumn(b, i) {
			// "| Item | Description | Status |": an id column first,
			// which the table's other readings read (a column of
			// numbers, "| Priority* |", may come first).
			return false
		}
	}
	known := 0
	for _, row := range ut.rows {
		if ut.status >= len(row) {
			return false
		}
		st := b.cellText(row[ut.status])
		switch {
		case st != "" && readStatus(st).known:
			known++
		case !loneSymbol(st):
			return false
		}
	}
	if known == 0 {
		return false
	}
	ut.id, ut.title = w, w
	ut.ids = make([]string, len(ut.rows))
	return true
}

// themeHeaders head a column that names each row's piece of work by its
// theme ("| 优先级 | 主题 | 状态 |").
var themeHeaders = []string{"theme", "topic", "主题", "主題", "テーマ", "주제", "事项", "事項"}

// legendRows reads, in a document titled as a plan, a table whose first
// column has no header and holds only marks the document's legend defines
// ("| :construction: | File locking | [#666] |" over "* :ship: -
// Completed"), or nothing: the marks are the rows' status, the next text
// column their titles. A blank mark is work not yet begun.
func (ut *unitTable) legendRows(b *builder, header []string) bool {
	if b.legend == nil || header[0] != "" || ut.status >= 0 || !b.planTitled() {
		return false
	}
	marked := 0
	for _, row := range ut.rows {
		if len(row) == 0 {
			return false
		}
		switch m := b.cellText(row[0]); {
		case m == "":
		case b.legend.mark(m) != nil:
			marked++
		default:
			return false
		}
	}
	if marked == 0 {
		return false
	}
	w := slices.IndexFunc(header, func(h string) bool { return h != "" })
	if w <= 0 || !ut.textColumn(b, w) || !ut.distinct(b, w) {
		return false
	}
	ut.status, ut.keyed = 0, true
	ut.id, ut.title = w, w
	ut.ids = make([]string, len(ut.rows))
	return true
}

// loneSymbol reports a text that is one mark and nothing else: symbols
// ("📝", "🦶"), their variation selectors and joiners.
func loneSymbol(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !unicode.Is(unicode.So, r) && r != '\ufe0f' && r != '\u200d' }) < 0
}

// statusNotes finds the column past the first, headed as a note, whose
// cells, where they say anything, all say how the row stands; -1 when
// none does.
func (ut *unitTable) statusNotes(b *builder, header []string) int {
	for col := 1; col < len(header); col++ {
		if (header[col] == "note" || header[col] == "notes" || header[col] == "comment" || header[col] == "comments") && b.statusCells(ut.rows, col, true) {
			return col
		}
	}
	return -1
}

// statusCells reports whether every cell of column col says how its row
// stands; with blanks set, empty cells say nothing and pass, but one
// cell at least must say something.
func (b *builder) statusCells(rows [][]ast.Node, col int, blanks bool) bool {
	said := 0
	for _, row := range rows {
		text := ""
		if col < len(row) {
			text = b.cellText(row[col])
		}
		switch {
		case text == "" && blanks:
		case !readStatus(text).known:
			return false
		default:
			said++
		}
	}
	return said > 0
}

// unitColumn reports an id column headed by a unit word ("Slice",
// "Milestone"): in a document titled as a plan its rows are units of work
// whatever other columns the table has. Days and weeks head the rows of
// logs and schedules as often, and are left out.
func unitColumn(h string) bool {
	w, rest, ok := matchWord(h, unitWords)
	return ok && w != "" && strings.TrimSpace(rest) == "" && h != "task" && h != "step" && h != "sprint" && !slices.Contains(spanWords, h)
}

// phaseRows reports a table of phases under a heading about the work
// ("## 7. Lộ trình 6 phase" over "| Phase | Tên | Thời lượng |"): a
// roadmap whose phases are its units.
func phaseRows(idHeader, section string) bool {
	return (idHeader == "phase" || unitColumn(idHeader)) && (workHeading(section) || hasAnyWord(section, foreignPlanWords) || progressSection(section))
}

// planTitled reports whether the document's title (its first level-1
// heading) says it is a plan, roadmap, backlog or list of tasks.
func (b *builder) planTitled() bool {
	t, ok := b.sourceTitle()
	return ok && planTitle(t)
}

// checklistTitled reports a document titled as a checklist.
func (b *builder) checklistTitled() bool {
	t, ok := b.sourceTitle()
	return ok && checklistTitle(t)
}

// sourceTitle is the text of the document's first "# " line, and whether
// it has one.
func (b *builder) sourceTitle() (string, bool) {
	for line := range strings.Lines(string(b.src)) {
		if t, ok := strings.CutPrefix(line, "# "); ok {
			return strings.TrimSpace(t), true
		}
	}
	return "", false
}

// recordTitled reports whether the document's title says it records work
// done: a report, a summary, a retrospective ("# Deep Analysis — Sprint
// Summary").
func (b *builder) recordTitled() bool {
	t, ok := b.sourceTitle()
	return ok && slices.ContainsFunc(titleKinds, func(k titleKind) bool { return reportKind(k.kind) && hasAnyWord(t, k.words) })
}

// idColumn reads column col of every row as unit ids: the ids, the lines
// of the rows whose cell is none, and the prefixes seen.
func (ut *unitTable) idColumn(b *builder, col int) (ids []string, missing []int, prefixes map[string]bool) {
	prefixes = map[string]bool{}
	for _, row := range ut.rows {
		text := ""
		if col < len(row) {
			text = b.cellText(row[col])
		}
		if pre, _, ok := tableID(text); ok {
			ids = append(ids, text)
			prefixes[pre] = true
			continue
		}
		missing = append(missing, b.p.Position(b.rowStart(row)).Line)
	}
	return ids, missing, prefixes
}

// unitIDs reports whether ids are the ids of a list of units: all
// different, with one prefix; bare numbers must have a dot or an id header
// above them, and run in sequence.
func (b *builder) unitIDs(ids []string, idHeader bool) bool {
	seen := map[string]bool{}
	prefix := ""
	dotted := false
	prev := []int(nil)
	for i, id := range ids {
		pre, num, _ := tableID(id)
		if i == 0 {
			prefix = pre
		}
		if pre != prefix && !(idHeader && pre != "" && prefix != "") || seen[strings.ToLower(id)] {
			// Under a column headed ID, keys of two trackers ("DOC-3",
			// then "POL-1") are ids still.
			return false
		}
		seen[strings.ToLower(id)] = true
		if pre != "" {
			continue
		}
		dotted = dotted || strings.Contains(num, ".")
		var parts []int
		for _, p := range strings.Split(num, ".") {
			n, _ := leadingNumber(p)
			parts = append(parts, n)
		}
		if prev != nil && !lessParts(prev, parts) {
			return false
		}
		prev = parts
	}
	if prefix == tableKeyPrefix {
		return idHeader // task keys are ids only in a column headed like one
	}
	return prefix != "" || dotted || idHeader
}

// lessParts reports whether the number a comes before b, part by part; a
// letter follow-up ("1.2a" after "1.2") counts as after.
func lessParts(a, b []int) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) <= len(b)
}

// textColumn reports whether column col holds text in most rows, not
// only numbers (a story-points column, "| 3 |").
func (ut *unitTable) textColumn(b *builder, col int) bool {
	n, numbers := 0, 0
	for _, row := range ut.rows {
		if col < len(row) {
			if t := b.cellText(row[col]); t != "" {
				n++
				if _, err := strconv.ParseFloat(t, 64); err == nil {
					numbers++
				}
			}
		}
	}
	return n*2 > len(ut.rows) && numbers < n
}

// struckCell reports whether a cell's text is all struck through:
// "~~T2~~".
func struckCell(c ast.Node, src []byte) bool {
	if c == nil {
		return false
	}
	struck := false
	for k := c.FirstChild(); k != nil; k = k.NextSibling() {
		switch k := k.(type) {
		case *east.Strikethrough:
			struck = true
		case *ast.Text:
			if strings.TrimSpace(string(k.Segment.Value(src))) != "" {
				return false
			}
		default:
			return false
		}
	}
	return struck
}

// cellStart is the offset of a cell's first byte of text, or of its row's
// line (rowStart) when it has none.
func (b *builder) cellStart(c ast.Node, rowStart int) int {
	at := nodeStart(c)
	if at < 0 {
		return rowStart
	}
	for at < len(b.src) && (b.src[at] == ' ' || b.src[at] == '\t') {
		at++
	}
	return at
}

// rowStart is the offset of the first byte of a row's line.
func (b *builder) rowStart(row []ast.Node) int {
	for _, c := range row {
		if at := nodeStart(c); at >= 0 {
			return lineStart(b.src, at)
		}
	}
	if len(row) > 0 {
		if p := row[0].Parent(); p != nil {
			if at := b.blockStart(p); at >= 0 {
				return at
			}
		}
	}
	return 0
}

// tableStart is the offset of the first byte of a table's header line.
func (b *builder) tableStart(t *east.Table) int {
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		if cells := rowCells(r); len(cells) > 0 && nodeStart(cells[0]) >= 0 {
			return b.rowStart(cells)
		}
	}
	return b.blockStart(t)
}

// topBlocks yields the document's top-level blocks.
func topBlocks(doc ast.Node) iter.Seq[ast.Node] {
	return func(yield func(ast.Node) bool) {
		for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
			if !yield(n) {
				return
			}
		}
	}
}

// hasUnitTable reports whether one of blocks is a table of units.
func (b *builder) hasUnitTable(blocks iter.Seq[ast.Node]) bool {
	for n := range blocks {
		if t, ok := n.(*east.Table); ok {
			if ut, _ := b.readUnitTable(t); ut != nil {
				return true
			}
		}
	}
	return false
}

// nearUnitTables warns about each table among blocks that is almost a list
// of units (see tableUnits), for a plan that has no units at all; it
// returns false.
func (b *builder) nearUnitTables(blocks iter.Seq[ast.Node]) bool {
	for n := range blocks {
		if t, ok := n.(*east.Table); ok {
			if _, near := b.readUnitTable(t); len(near) > 0 {
				b.warnNearTable(t, near)
			}
		}
	}
	return false
}

// warnNearTable says that table t is read as text because of the rows at
// lines near.
func (b *builder) warnNearTable(t *east.Table, near []int) {
	verb := "have"
	if len(near) == 1 {
		verb = "has"
	}
	b.p.warnf(b.p.Position(b.tableStart(t)), "this table looks like a list of units, but %s %s no unit id in its id column; the table is read as text, not as units",
		linesPhrase("the row", "the rows", near), verb)
}

// tableUnits reads the units of phase ph written as the rows of the tables
// among blocks (the phase's section, or the whole plan with no phases). A
// table that is almost a list of units (a few rows have no id) is text,
// with a warning that names those rows. With read false it only gives those
// warnings.
func (w *shapeWalk) tableUnits(ph *Phase, blocks []ast.Node, read bool) {
	b := w.b
	for _, n := range blocks {
		t, ok := n.(*east.Table)
		if !ok {
			continue
		}
		ut, near := b.readUnitTable(t)
		at := b.tableStart(t)
		if ut == nil {
			if len(near) > 0 {
				b.warnNearTable(t, near)
			}
			continue
		}
		if !read {
			continue
		}
		var section sectionStatus
		if ut.status < 0 {
			section = b.statusAfter(t)
		}
		for _, row := range ut.rows {
			s := w.rowUnit(ph, ut, row)
			if section.value != "" && !s.Status.Set() && !s.Skipped {
				s.Status = Field{Value: section.value, Pos: section.pos}
			}
		}
		if section.value != "" {
			b.p.diag(Info, section.pos, "the %d rows of the table at line %d, which has no status column, are read as %s, as %q says", len(ut.rows), b.p.Position(at).Line, strings.ReplaceAll(section.value, "_", " "), section.text)
		}
		col := fmt.Sprintf("id column %q", ut.names[ut.id])
		if ut.id == ut.title {
			col = fmt.Sprintf("no id column: numbered by their place, titled by column %q", ut.names[ut.title])
		}
		b.p.Readings = append(b.p.Readings, Reading{Pos: b.p.Position(at),
			Text: fmt.Sprintf("units are rows of the table at line %d (%s): %d", b.p.Position(at).Line, col, len(ut.rows))})
	}
}

// sectionStatus is a status line that speaks for a section.
type sectionStatus struct {
	value, text string
	pos         Pos
}

// statusAfter finds, for a table with no status column, a status line
// later in the section that holds it, before the next heading of that
// section's level or above: "### 状态：已完成 ✅" after "### 实施步骤" and its
// table, or "**Status:** Done". A zero sectionStatus when there is none.
func (b *builder) statusAfter(t ast.Node) sectionStatus {
	level := 0 // the level of the heading over the table
	for n := t.PreviousSibling(); n != nil; n = n.PreviousSibling() {
		if h, ok := n.(*ast.Heading); ok {
			level = h.Level
			break
		}
	}
	if level < 2 {
		return sectionStatus{}
	}
	for n := t.NextSibling(); n != nil; n = n.NextSibling() {
		h, isHead := n.(*ast.Heading)
		if isHead && h.Level < level {
			break
		}
		if !isHead && n.Kind() != ast.KindParagraph {
			continue
		}
		text := strings.Trim(strings.TrimSpace(plainText(n, b.src)), "*")
		v, ok := cutLabel(text, "status")
		if !ok {
			for _, label := range []string{"状态", "狀態", "状況", "ステータス"} {
				if rest, found := strings.CutPrefix(text, label); found {
					v, ok = strings.TrimLeft(strings.TrimSpace(rest), ":：*"), true
					break
				}
			}
		}
		if r := readStatus(strings.Trim(v, "* ")); ok && r.known && r.status != statusSkipped {
			line, _, _ := strings.Cut(text, "\n")
			return sectionStatus{value: r.status, text: line, pos: b.p.Position(b.blockStart(n))}
		}
	}
	return sectionStatus{}
}

// doneNote finds, in a row of a table with no status column, a cell past
// its id and title that opens with a done mark: "| 3A.1 | ~~Update the
// prompt~~ | ✅ Redirect already right |" struck the title out as done,
// not as dropped. It returns the cell's column, -1 for none.
func (ut *unitTable) doneNote(b *builder, row []ast.Node) int {
	for i, c := range row {
		if i == ut.id || i == ut.title {
			continue
		}
		if mark, _ := cutIDMark(b.cellText(c)); mark != "" && readStatus(mark).status == StatusClosed {
			return i
		}
	}
	return -1
}

// rowUnit makes the unit one row of a table of units gives.
func (w *shapeWalk) rowUnit(ph *Phase, ut *unitTable, row []ast.Node) *Sprint {
	b := w.b
	cell := func(col int) (string, ast.Node) {
		if col < 0 || col >= len(row) {
			return "", nil
		}
		return b.cellText(row[col]), row[col]
	}
	idText, idCell := cell(ut.id)
	title, _ := cell(ut.title)
	if ut.id == ut.title {
		idText = "" // a row of a table with no id column (titledRows)
	}
	start := b.rowStart(row)
	next := lineEnd(b.src, start)
	idAt := b.cellStart(idCell, start)
	mark, idText := cutIDMark(idText)
	head := Heading{Text: idText, Pos: b.p.Position(idAt), Start: start, End: next}
	r := &shapeHead{head: head, sh: shape{kind: shapeUnit, word: "table row", id: idText, title: title, lead: mark}}
	// A struck id or title is dropped work, unless the row says done (as
	// a struck heading is).
	struckDone := -1 // the column of a done note beside a struck title
	if struckCell(idCell, b.src) || (ut.title >= 0 && ut.title < len(row) && struckCell(row[ut.title], b.src)) {
		st, _ := cell(ut.status)
		if ut.status < 0 {
			struckDone = ut.doneNote(b, row)
		}
		r.struck = ut.status < 0 && struckDone < 0 || ut.status >= 0 && readStatus(st).status != StatusClosed
	}
	// The unit's number: the id's own, else the next in its phase.
	_, num, _ := tableID(idText)
	if num == "" {
		num = strconv.Itoa(w.last[ph] + 1)
	}
	saved := w.mode
	w.mode = modeTable
	s := w.newUnit(r, ph, num, cleanTitle(title))
	w.mode = saved
	s.Row = true
	if s.Title == "" {
		s.Title = idText
	}
	var desc []string
	if struckDone >= 0 {
		s.Status = Field{Value: StatusClosed, Pos: b.p.Position(b.cellStart(row[struckDone], start))}
	}
	if ut.status >= 0 {
		if text, c := cell(ut.status); c != nil && text == "❌" {
			// "| 4.3 | TCP 监听可选 | ❌ |" under "Phase 4（剩余）": in a
			// table's status column a cross alone says not done, the
			// other answer to ✅. Read as dropped, the work would be
			// lost; a row the plan drops says so ("❌ Cancelled") or is
			// struck.
			s.Status = Field{Value: StatusOpen, Pos: b.p.Position(b.cellStart(c, start))}
			b.p.diag(Info, s.Status.Pos, "status \"❌\" of sprint %s is read as not done, as a cross alone in a table's status column says", s.ID)
		} else if m := b.legend.mark(text); ut.keyed && c != nil && m != nil {
			st := StatusOpen
			switch {
			case m.done:
				st = StatusClosed
			case m.progress:
				st = StatusInProgress
			case m.blocked:
				st = StatusBlocked
			}
			s.Status = Field{Value: st, Pos: b.p.Position(b.cellStart(c, start))}
			b.legend.rows++
		} else if c != nil && text != "" {
			f := field{label: "status", value: text, pos: b.p.Position(b.cellStart(c, start)), start: -1, valueStart: -1}
			for k := c.FirstChild(); k != nil; k = k.NextSibling() {
				f.rest = append(f.rest, k)
			}
			switch st := b.status(f, "unit "+s.ID); {
			case st.status == statusSkipped:
				if !s.Skipped {
					s.Skipped, s.SkipReason = true, "Status: "+text
				}
			default:
				s.Status = Field{Value: st.status, Pos: f.pos}
			}
		}
	}
	for i, name := range ut.names {
		if i == ut.id || i == ut.title || i == ut.status || i == ut.deps {
			continue
		}
		text, c := cell(i)
		if text == "" {
			continue
		}
		if ut.status < 0 && !s.Status.Set() && doneCellRE.MatchString(text) {
			// "| T001 | Verify … | … | Ensure the directory … **(DONE)** |":
			// with no status column, a done mark that ends a cell.
			s.Status = Field{Value: StatusClosed, Pos: b.p.Position(b.cellStart(c, start))}
		}
		if i == ut.priority {
			pos := b.p.Position(b.cellStart(c, start))
			if pr, ok := normalPriority(text); ok {
				s.Priority = Field{Value: pr, Pos: pos}
				continue
			}
			b.p.warnf(pos, "priority %q of unit %s is not P0-P4 or 0-4; it is kept in the description, and the unit gets the plan's priority", text, s.ID)
		}
		desc = append(desc, name+": "+text)
	}
	w.finish(s, r, nil, next)
	s.Description = strings.Join(desc, "\n")
	return s
}

// notWorkHeaders are column headers of tables that keep ids but list no
// work: a risk register, a decision log, stakeholders, KPIs, a glossary.
var notWorkHeaders = []string{"risk", "likelihood", "probability", "impact", "mitigation", "severity",
	"decision", "rationale", "alternatives", "consequences", "stakeholder", "interest", "influence",
	"kpi", "metric", "baseline", "target value", "measure", "term", "definition", "meaning", "question", "answer",
	// "| # | File | Line(s) | Type | Description |": places in the code
	// a review observed, not work.
	"line", "lines", "line(s)", "line number", "confidence", "observation", "finding"}

// doneCellRE is a done mark in capitals, in brackets, that ends a cell:
// "… (report missing) (DONE)".
var doneCellRE = lazyMustCompile(`\((?:DONE|COMPLETED?|CLOSED|SHIPPED|MERGED)\)\s*$`)

// testResultWords are the results a test run reports.
var testResultWords = []string{"pass", "passed", "passing", "fail", "failed", "failing", "fixme", "skip", "skipped", "flaky", "xfail", "error"}

// testResults reports whether two in three of the cells in column col or
// more are a test's result ("PASS", "FIXME", "✅ PASS"), and the column
// says nothing else.
func (b *builder) testResults(rows [][]ast.Node, col int) bool {
	n, results := 0, 0
	for _, row := range rows {
		if col >= len(row) {
			continue
		}
		t := strings.ToLower(strings.TrimFunc(b.cellText(row[col]), func(r rune) bool { return !unicode.IsLetter(r) }))
		if t == "" {
			continue
		}
		n++
		if slices.Contains(testResultWords, t) {
			results++
		}
	}
	return n >= 2 && 3*results >= 2*n
}

// notWorkTable reports whether a table's headers say it lists something
// other than work.
func notWorkTable(header []string) bool {
	if slices.ContainsFunc(header, func(h string) bool { return depsColumn[h] }) {
		// "| id | files | depends-on | risk |": tasks that wait on each
		// other are work, whatever else a row says of them.
		return false
	}
	if slices.ContainsFunc(header, func(h string) bool { return effortColumn[h] }) && slices.Contains(header, "status") &&
		!slices.ContainsFunc(header, func(h string) bool { w := notWorkWord(h); return w != "" && w != "impact" && w != "severity" }) {
		// "| ID | Item | Status | Effort | Impact |": a backlog weighed by
		// what each item costs and brings; a risk register weighs no
		// effort.
		return false
	}
	tasks := slices.ContainsFunc(header, func(h string) bool { return slices.Contains(workTitleHeaders, h) })
	return slices.ContainsFunc(header, func(h string) bool {
		w := notWorkWord(h)
		// "| # | Task | Epic line(s) |": lines of the document a task
		// comes from; any other line column is a place in the code.
		return w != "" && !(tasks && strings.HasPrefix(w, "line") && hasAnyPrefix(h, []string{"epic ", "spec ", "story ", "prd ", "plan ", "roadmap ", "requirement ", "requirements "}))
	})
}

// effortColumn are the headers of a column that says what a row's work
// costs.
var effortColumn = map[string]bool{"effort": true, "estimate": true, "estimated effort": true, "size": true, "points": true, "story points": true, "est.": true, "工作量": true, "工数": true}

// notWorkWord is the word of notWorkHeaders that header h is, opens or
// ends with, "" for none.
func notWorkWord(h string) string {
	for _, w := range notWorkHeaders {
		if h == w || strings.HasPrefix(h, w+" ") || strings.HasSuffix(h, " "+w) {
			return w
		}
	}
	return ""
}

// lineCounts reports a header whose only word against work is a count of
// lines ("| # | File | Lines | Status |").
func lineCounts(header []string) bool {
	saw := false
	for _, h := range header {
		if w := notWorkWord(h); w != "" {
			if !strings.HasPrefix(w, "line") {
				return false
			}
			saw = true
		}
	}
	return saw
}

// mostlyStatus reports whether two in three cells of column col, or more,
// are statuses the reader knows ("Completed", "Skipped (complex)").
func (b *builder) mostlyStatus(rows [][]ast.Node, col int) bool {
	known := 0
	for _, row := range rows {
		if col < len(row) && readStatus(b.cellText(row[col])).known {
			known++
		}
	}
	return known > 0 && 3*known >= 2*len(rows)
}

// rowCells lists the cells of a table row (or of its header).
func rowCells(row ast.Node) []ast.Node {
	cells := make([]ast.Node, 0, row.ChildCount())
	for c := row.FirstChild(); c != nil; c = c.NextSibling() {
		cells = append(cells, c)
	}
	return cells
}

// progressColumns reads a table's header: whether its first column is
// headed Phase (its rows name phases, "1. Setup"), and which column says
// how each row stands, -1 for none.
func (b *builder) progressColumns(t *east.Table) (phaseCol bool, status int) {
	status = -1
	head, ok := t.FirstChild().(*east.TableHeader)
	if !ok {
		return false, -1
	}
	for i, c := range rowCells(head) {
		h := strings.ToLower(strings.TrimSpace(plainText(c, b.src)))
		if statusColumns[h] {
			status = i
		}
		if i == 0 {
			phaseCol = phaseColumns[h]
		}
	}
	if status < 0 {
		status = b.statusCellsColumn(t)
	}
	return phaseCol, status
}

// statusCellsColumn finds, in a table whose headers name no status
// column, the column past the first whose every cell, two rows or more,
// is a status: "| 2 | 3/3 | Complete | 2026-03-06 |" under "| Phase |
// Requirements | Risk | Key constraint |", where a tool wrote its
// columns out of place. -1 when no column is.
func (b *builder) statusCellsColumn(t *east.Table) int {
	var rows [][]ast.Node
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		if _, ok := row.(*east.TableRow); ok {
			rows = append(rows, rowCells(row))
		}
	}
	if len(rows) < 2 {
		return -1
	}
	for col := 1; col < len(rows[0]); col++ {
		if b.statusCells(rows, col, false) {
			return col
		}
	}
	return -1
}
