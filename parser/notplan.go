package parser

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// This file says when a document is not a plan: a README, meeting notes, a
// design document or a changelog whose headings happen to look like units
// ("## Sprint 13: Review" in the notes of a sprint review, "### Phase 2:
// Merge" in the design of an algorithm). The arbiter (reading.go) asks it
// once it knows the best reading.

// The section headings that say what a document is, when it is not a plan.
var docKinds = []struct {
	kind  string
	heads []string
}{
	{"a README", []string{"installation", "install", "usage", "getting started", "quick start", "quickstart", "contributing", "contributions", "contributors", "key features", "license", "licence", "features", "configuration", "faq", "troubleshooting", "api reference", "building from source", "support",
		"funcionalidades", "principais funcionalidades", "tecnologias", "tecnologias utilizadas", "como rodar", "como rodar localmente", "instalação", "contribuição", "licença",
		"características", "instalación", "uso", "contribuir", "licencia", "fonctionnalités", "utilisation", "contribuer", "funktionen", "nutzung", "lizenz", "mitwirken"}},
	{"meeting notes", []string{"attendees", "agenda", "action items", "minutes", "discussion", "next meeting", "participants"}},
	{"a changelog", []string{"changelog", "unreleased", "added", "fixed", "changed", "removed", "deprecated", "release notes", "breaking changes", "upgrade notes"}},
	{"a how-to or reference", []string{"when to use", "quick reference", "red flags", "common mistakes", "common rationalizations", "see also", "tips", "examples", "example", "problem", "solution", "setup", "walkthrough",
		"anti-patterns", "antipatterns", "common pitfalls", "related sections",
		"когда использовать", "типичные ошибки", "анти-паттерны", "антипаттерны", "связанные разделы", "частые ошибки",
		"cuándo usar", "errores comunes", "quand utiliser", "erreurs courantes", "wann verwenden", "häufige fehler", "quando usar", "erros comuns",
		"よくある問題", "よくある問題と解決策", "トラブルシューティング", "常见问题", "故障排除", "常見問題", "문제 해결", "자주 발생하는 문제"}},
	{"a design document", []string{"background", "motivation", "alternatives", "alternatives considered", "consequences", "rationale", "non-goals", "prior art", "design", "architecture", "algorithm", "context", "decision", "open questions", "references", "risks", "glossary", "proposal", "detailed design", "design details", "other considered approaches",
		"state machine", "state diagram", "state transitions", "状态机", "状态流转", "状态流转规则", "状态转换", "状態遷移", "ステートマシン", "상태 머신"}},
	{"the write-up of a problem and its fix", []string{"root cause", "root cause analysis", "symptoms", "steps to reproduce", "reproduction", "the fix", "prevention", "prevention strategies"}},
	{"a report of work done", []string{"files created or modified", "files created/modified", "files created", "files changed", "files modified", "changes made", "commits", "what was built", "what was done", "what was implemented", "test results", "verification results", "how acceptance criteria are satisfied", "design decisions and trade-offs"}},
}

// titleKind is what a document is, and the words of its title that say
// so.
type titleKind struct {
	kind  string
	words []string
}

// titleKinds are words of a document's title that say what it is.
var titleKinds = []titleKind{
	{"an agent's prompt", []string{"agent prompt", "agent instructions", "prompt template"}},
	{"a design document", []string{"design doc", "design document", "design", "rfc", "adr", "proposal", "architecture"}},
	{"a tutorial or example", []string{"example", "examples", "tutorial", "guide", "how to", "how-to", "walkthrough", "workflow example", "pattern", "getting started", "quick start", "quickstart",
		"ejemplos", "ejemplo", "exemples", "exemple", "exemplos", "exemplo", "beispiele", "beispiel", "anleitung", "guía", "guia", "guida", "tutoriel",
		"全体像", "入門", "チュートリアル", "ガイド", "ハンズオン", "教程", "指南", "入门", "튜토리얼", "가이드",
		"руководство", "учебник", "туториал", "пример", "примеры", "практикум"}},
	{"a changelog", []string{"changelog", "release notes", "变更日志", "更新日志", "变更记录", "更新记录", "變更日誌", "更新日誌", "変更履歴", "更新履歴", "リリースノート", "发布说明", "변경 이력", "변경 로그", "릴리스 노트"}},
	{"a retrospective", []string{"retrospective", "retro", "post-mortem", "postmortem", "audit"}},
	{"a report", []string{"report", "acceptance", "deep dive", "verification report", "verification", "system status", "test report", "test results", "implementation summary", "findings", "completion summary", "completion report", "summary",
		"完成总结", "完成报告", "总结报告", "工作总结", "实施总结", "完了報告", "報告書", "サマリー", "实现总结", "實作總結", "验收记录", "验证记录", "测试记录", "驗收記錄", "検収記録", "検証記録",
		"podsumowanie", "raport", "resumen", "informe", "resumo", "relatório", "rapport", "bilan", "zusammenfassung", "bericht", "abschlussbericht",
		"riepilogo", "rapporto", "özet", "özeti", "rapor", "raporu", "отчёт", "отчет", "итоги", "要約", "まとめ", "요약", "보고서", "报告", "報告",
		"work log", "worklog", "dev log", "devlog", "execution log", "execution record", "memo", "verification memo", "closeout", "close-out", "performance dashboard", "metrics dashboard", "completion handoff", "handoff report", "handover report", "roadmap review", "plan review", "progress review", "quarterly review", "工作日誌", "工作日志", "汇报", "彙報", "开发日志", "開發日誌", "作業ログ", "作業日誌", "開発ログ"}},
	{"a README", []string{"readme"}},
	{"instructions", []string{"instructions", "testing", "manual"}},
	{"a guide to standards", []string{"coding standards", "code standards", "coding guidelines", "coding conventions", "code conventions", "style guide", "styleguide",
		"стандарты кода", "стандарты разработки", "コーディング規約", "编码规范", "代码规范", "코딩 규칙", "코딩 컨벤션", "estándares de código", "padrões de código"}},
}

// planWords in a document's title or headings say it is about work to do.
var planWords = []string{"plan", "roadmap", "tasks", "task", "todo", "to do", "backlog", "follow-ups", "followups", "milestones", "milestone", "sprints", "sprint plan", "implementation", "deliverables", "timeline", "schedule", "work breakdown", "progress", "execution", "checklist", "runbook", "steps", "phases", "migration"}

// workHeadings name a section that holds a plan's work.
var workHeadings = []string{"tasks", "task list", "task breakdown", "plan", "implementation", "implementation plan", "implementation steps", "steps",
	"implementation order", "execution plan", "roadmap", "milestones", "deliverables", "backlog", "todo", "to do",
	"progress", "timeline", "schedule", "work breakdown", "work items", "sprints", "next steps", "action plan",
	"sequence", "work sequence", "build sequence", "implementation sequence", "delivery sequence", "order of work", "build order", "rollout plan", "delivery plan", "delivery phases", "delivery stages", "what to do", "next actions", "next phase actions", "next phase tasks",
	"phased plan", "priorities", "top priorities", "priorità", "prioridades", "prioritäten", "priorités", "задачи", "план работ",
	// the repairs a plan makes: "## Repairs" over "1. Stream the row build"
	"repairs", "fixes",
	// what is left to do: "## ⏳ Reste à Faire (15%)"
	"reste à faire", "à faire", "a fazer", "por hacer", "falta hacer",
	"trabalho que ainda resta", "trabalho restante", "o que falta", "trabajo pendiente", "trabajo restante", "lo que falta", "travail restant", "ce qui reste"}

// planSection reports a section that holds a plan of the work ("2. Fix
// plan — PR clusters", "Remediation plan"): in a review or an audit, the
// part that asks for work.
func planSection(text string) bool {
	h := strings.TrimLeft(normalHeading(text), "0123456789. ")
	for _, w := range []string{"fix plan", "remediation plan", "action plan", "implementation plan", "execution plan"} {
		if h == w || strings.HasPrefix(h, w+" ") {
			return true
		}
	}
	return false
}

// workHeading reports whether a heading names a section of a plan's work
// ("## Tasks", "## Implementation Plan"), not only mentions work.
func workHeading(text string) bool {
	h := normalHeading(text)
	if f := strings.Fields(h); len(f) > 1 && (slices.Contains(remarkWords, f[len(f)-1]) || slices.Contains(checkedWords, f[len(f)-1])) {
		return false // "Implementation Notes", "Implementation Verification": remarks on the work, or checks of it, not the work
	}
	if strings.HasPrefix(h, "steps to ") && !strings.HasPrefix(h, "steps to implement") {
		// "Steps to rename a Feature", "Steps to Reproduce": how a thing
		// is done, told to whoever does it, not the steps of this work.
		return false
	}
	for _, w := range workHeadings {
		if h == w || strings.HasPrefix(h, w+" ") || strings.HasPrefix(h, w+":") {
			return true
		}
	}
	// "Migration Steps", "Remaining Tasks": the steps or tasks of a kind
	// of work (not "Installation Steps", a README's instructions).
	f := strings.Fields(h)
	if len(f) == 2 && (f[1] == "steps" || f[1] == "tasks") && slices.Contains(workKinds, f[0]) {
		return true
	}
	// "Step-by-Step Upgrade Procedure": the procedure of a kind of work
	// done once (not "Release Procedure", repeated for every release).
	if len(f) > 1 && f[len(f)-1] == "procedure" && slices.ContainsFunc(f, func(w string) bool { return slices.Contains(workKinds, w) }) {
		return true
	}
	// "Engineering plan", "Migration plan": the plan of a kind of work
	// (not "Test Plan", "Rollback plan", nor "File-Level Plan").
	if len(f) == 2 && f[1] == "plan" && (slices.Contains(workKinds, f[0]) || f[0] == "engineering" || f[0] == "development" || f[0] == "project") {
		return true
	}
	// "다음 깊은 작업" (the next deep work), "后续任务", "次のタスク": a
	// section whose last word is work, in Korean, Chinese or Japanese.
	if len(f) > 1 && slices.Contains([]string{"작업", "任务", "任務", "待办", "待辦", "タスク", "作業"}, f[len(f)-1]) {
		return true
	}
	// "Incremental migration slices", "Delivery increments": the work cut
	// into the slices it ships in.
	// ("Next Engineering Slices" restates the milestones above it).
	if len(f) > 1 && (f[len(f)-1] == "slices" || f[len(f)-1] == "increments") && !slices.Contains(f, "next") {
		return true
	}
	// "High-level TODOs", "Open to-dos": whatever kind, to-dos are work.
	if len(f) > 1 && len(f) <= 3 && (f[len(f)-1] == "todos" || f[len(f)-1] == "to-dos") {
		return true
	}
	return false
}

// workKinds name a kind of work whose steps or tasks a section lists.
var workKinds = []string{"migration", "rollout", "remaining", "upgrade", "cleanup", "refactor", "refactoring", "execution", "porting", "conversion", "rewrite"}

// criteriaHeading reports a heading that names criteria the work must
// meet ("Success Criteria", "Definition of Done", "Acceptance"), not work.
func criteriaHeading(text string) bool {
	h := normalHeading(text)
	if strings.HasSuffix(h, "checklist") || strings.HasSuffix(h, "checks") || strings.HasPrefix(h, "checklist ") {
		// "Checklist weryfikacji", "Checklist de verificación": the
		// word order of other languages.
		// "Pre-Deployment Checklist", "Verification Checklist", "Manual
		// Testing Checklist": checks to run, not work ("Migration
		// Checklist" is work).
		for _, w := range checkWords {
			if strings.Contains(h, w) {
				return true
			}
		}
		if hasAnyWord(h, []string{"dod"}) {
			return true // "DoD Checklist": the definition of done, checked for every story
		}
	}
	// "Gates", "Quality Gates": the checks every change must pass; "Open
	// Questions": boxes a design ticks as it answers them.
	return sprintLabels[h] == "acceptance criteria" || strings.HasSuffix(h, " criteria") || h == "criteria" || h == "gates" || h == "quality gates" ||
		// "Definition of Done (PR Checklist)": what every change must meet.
		strings.HasPrefix(h, "definition of done") ||
		h == "open questions" || h == "unresolved questions" || h == "questions" ||
		// "## ✅ 验收清单", "验收标准": what the work must pass.
		containsAny(h, []string{"验收清单", "验收标准", "驗收清單", "驗收標準", "受け入れ基準", "受入基準", "検収基準", "인수 기준"})
}

// testingHeading reports a heading that names a kind of testing ("Edge
// Case Testing", "Accessibility Tests").
func testingHeading(text string) bool {
	f := strings.Fields(normalHeading(text))
	return len(f) > 1 && (f[len(f)-1] == "testing" || f[len(f)-1] == "tests")
}

// testSection reports a heading about testing ("Testing", "Test
// suggestions", "🐛 测试建议", "テスト項目"): in a report, the checks it
// suggests, not work.
func testSection(text string) bool {
	h := normalHeading(text)
	if h == "tests" || h == "testing" || hasAnyPrefix(h, []string{"testing ", "test plan", "test suggestions", "suggested tests", "manual testing", "manual tests", "test cases"}) {
		return true
	}
	return containsAny(text, []string{"测试建议", "测试用例", "测试计划", "测试清单", "測試建議", "測試用例", "測試計劃", "テスト項目", "テスト計画", "テストケース", "테스트 계획", "테스트 항목", "테스트 케이스"})
}

// checkWords, in a checklist's heading, make it a list of checks.
var checkWords = []string{"pre-", "pre ", "verification", "verify", "review", "qa", "testing", "test", "readiness", "sign-off", "signoff", "quality", "smoke", "approval",
	"definition of done", "weryfikac", "verificación", "verificação", "vérification", "verifica", "prüf", "провер", "验证", "検証", "검증"}

// checkedWords, ending a heading, say its section checks or reports on
// work done ("Implementation Verification", "Migration Results").
var checkedWords = []string{"verification", "verified", "results", "review", "report", "coverage", "metrics"}

// remarkWords, ending a heading, say its section remarks on the work
// ("Implementation Notes", "Migration Guidelines") rather than lists it.
var remarkWords = []string{"notes", "note", "details", "guidelines", "considerations", "principles", "tips", "questions", "rationale", "references", "process", "highlights", "summary", "overview", "quality"}

// docSignals are what a document's headings say about it.
type docSignals struct {
	kind     string   // the kind with the most headings, "" for none
	evidence []string // those headings, quoted with their lines
	planned  bool     // a title or heading speaks of a plan
	// titleKind is what the title says the document is, "" when it does
	// not; title is the title.
	titleKind, title string
	// introSeen is set once the first paragraph after the title is read;
	// introGuide is its first line when it says the document is a guide
	// ("This guide covers ...").
	introSeen  bool
	introGuide string
	// introPrompt is its first line when it speaks to an agent ("You are
	// helping a human create ..."): a prompt, run each time.
	introPrompt string
	// guideHead is a section heading that calls the document a guide
	// ("When to Use This Guide"), with its line.
	guideHead     string
	guideHeadLine int
	// nextSteps: a "Next Steps" (or "Next Actions") section speaks of
	// work; planned unless the title says the document is a tutorial, a
	// report or a retrospective.
	nextSteps bool
	// heads are the document's section headings, normalised, with the
	// line of the first of each name.
	heads map[string]int
}

// record says what kind of record the document is, with its evidence, when
// it is one whose form records what was decided or said rather than plans
// work, whatever checkboxes or steps it carries: an architecture decision
// record (its template's Context and Decision sections under an ADR title,
// or Status, Context, Decision and Consequences), a pull-request or issue
// template (three of its sections) or the minutes of a meeting (a minutes
// title and one of its sections, or two of them), or a review of work done
// (a review's title, no plan's word in it, and a section that judges).
func (s docSignals) record() (kind, evidence string) {
	has := func(names ...string) (string, bool) {
		var seen []string
		for _, n := range names {
			line, ok := s.heads[n]
			if !ok {
				return "", false
			}
			seen = append(seen, fmt.Sprintf("%q (line %d)", n, line))
		}
		return strings.Join(seen, ", "), true
	}
	title := strings.ToLower(s.title)
	adrTitle := strings.Contains(title, "architecture decision") || adrID.MatchString(s.title)
	if ev, ok := has("context", "decision"); ok && adrTitle {
		return "an architecture decision record", fmt.Sprintf("its title %q and its sections %s", s.title, ev)
	}
	if ev, ok := has("status", "context", "decision", "consequences"); ok {
		return "an architecture decision record", "its sections " + ev
	}
	if ev, ok := has("context and problem statement", "considered options", "decision outcome"); ok {
		// MADR's template, whatever the title: its steps show the
		// decision at work.
		return "an architecture decision record", "its sections " + ev
	}
	form := s.present(templateHeads)
	if len(form) >= 3 {
		return "a pull-request or issue template", "its sections " + strings.Join(form[:3], ", ")
	}
	if (hasAnyWord(s.title, []string{"retrospective", "retro", "post-mortem", "postmortem", "lessons learned"}) || len(s.present(retroHeads)) >= 2) && (!hasAnyWord(s.title, ownPlanWords) || recordOfRE.MatchString(s.title)) {
		// Not "# Sprint Plan: M-R1 Phase 5" with its "## Lessons
		// Learned" appended: a plan that kept its retrospective.
		ev := fmt.Sprintf("its title %q", s.title)
		if found := s.present(retroHeads); len(found) > 0 {
			ev += " and its sections " + strings.Join(found[:min(len(found), 3)], ", ")
		}
		return "a retrospective", ev
	}
	if t := strings.ToLower(strings.TrimSpace(s.title)); slices.ContainsFunc(contributingTitles, func(p string) bool { return strings.HasPrefix(t, p) }) {
		return "a contributing guide", fmt.Sprintf("its title %q", s.title)
	}
	if hasAnyWord(s.title, []string{"review", "code review", "assessment", "evaluation"}) && !hasAnyWord(s.title, ownPlanWords) {
		if found := s.present(reviewHeads); len(found) > 0 {
			return "a review of work done", fmt.Sprintf("its title %q and its sections %s", s.title, strings.Join(found[:min(len(found), 3)], ", "))
		}
	}
	if policy := s.present(policyHeads); len(policy) >= 2 || len(policy) == 1 && hasAnyWord(s.title, []string{"security policy", "security"}) {
		return "a security policy", "its sections " + strings.Join(policy, ", ")
	}
	meeting := s.present(meetingHeads)
	minutesTitle := hasAnyWord(s.title, []string{"meeting minutes", "minutes", "meeting notes", "standup", "stand-up", "sync notes"}) ||
		hasAnyWord(s.title, []string{"meeting"}) && isoDateRE.MatchString(s.title) // "# Planning meeting 2021-04-14"
	// "第三十三次会议纪要", "議事録", "회의록": the minutes of a meeting, by
	// their title alone.
	minutesNamed := containsAny(s.title, []string{"会议纪要", "会议记录", "會議紀要", "會議記錄", "議事録", "회의록", "протокол совещания", "acta de reunión", "ata de reunião", "compte rendu de réunion", "besprechungsprotokoll"})
	if len(meeting) >= 2 || minutesTitle && len(meeting) == 1 || minutesNamed {
		ev := "its sections " + strings.Join(meeting, ", ")
		switch {
		case len(meeting) == 0:
			ev = fmt.Sprintf("its title %q", s.title)
		case minutesTitle || minutesNamed:
			ev = fmt.Sprintf("its title %q and ", s.title) + ev
		}
		return "the minutes of a meeting", ev
	}
	if ev := s.containing([]string{"meeting notes", "meeting minutes", "notes of meetings"}); ev != "" && !s.planned {
		// "## Weekly Meeting Notes" over "### 12-Apr-2022", "###
		// 22-Mar-2022": the record of a series of meetings.
		return "the minutes of meetings", "its section " + ev
	}
	return "", ""
}

// present quotes those of names the document has as section headings,
// with their lines, in the document's order.
func (s docSignals) present(names []string) []string {
	type seen struct {
		name string
		line int
	}
	var found []seen
	for _, n := range names {
		if line, ok := s.heads[n]; ok {
			found = append(found, seen{n, line})
		}
	}
	slices.SortFunc(found, func(a, b seen) int { return a.line - b.line })
	out := make([]string, len(found))
	for i, f := range found {
		out[i] = fmt.Sprintf("%q (line %d)", f.name, f.line)
	}
	return out
}

// adrID is an architecture decision record's id in a title: "ADR-001",
// "ADR 12".
var adrID = lazyMustCompile(`(?i)\badr[-\s]?\d+\b`)

// contributingTitles open the titles of contributing guides, in the
// languages of the corpus ("# Contribuindo", "# Cómo contribuir").
var contributingTitles = []string{"contributing", "contribution guide", "contributor guide", "how to contribute",
	"contribuindo", "contribuir", "como contribuir", "cómo contribuir", "guia de contribuição", "guía de contribución", "contribuyendo",
	"contribuer", "comment contribuer", "guide de contribution", "mitwirken", "beitragen", "contribuire", "come contribuire",
	"贡献指南", "参与贡献", "如何贡献", "貢獻指南", "コントリビュー", "기여 가이드", "기여하기", "기여 방법", "участие в разработке", "как внести вклад"}

// templateHeads are sections of the forms a pull request or an issue is
// opened with: their boxes are for whoever fills the form in.
var templateHeads = []string{"type of change", "types of changes", "related issues", "related issue", "how has this been tested", "screenshots",
	"steps to reproduce", "expected behavior", "expected behaviour", "actual behavior", "actual behaviour", "motivation and context",
	"checklist", "pr checklist", "reviewer checklist", "breaking changes", "additional context",
	// Japanese, Chinese and Korean forms: "## 関連Issue", "## 破壊的変更があるか(あれば内容を記載)".
	"関連issue", "関連 issue", "スクリーンショット", "チェック項目", "チェックリスト", "破壊的変更", "破壊的変更があるか", "動作確認",
	"相关issue", "相关 issue", "关联issue", "关联 issue", "截图", "检查清单", "破坏性变更", "관련 이슈", "스크린샷", "체크리스트", "변경 유형"}

// recordSays says, of a record that is not a log of what was decided or
// said, what the units the closest reading found are ("%s": headings,
// list items, rows).
var recordSays = map[string]string{
	"a review of work done":            "it judges work already done, and its %s are what it reviewed",
	"a contributing guide":             "its %s are how to contribute, for every contributor",
	"a security policy":                "its %s are for reporters and operators",
	"a pull-request or issue template": "its %s are for whoever fills the form in",
}

// ownPlanWords, in a title that says what else a document is (a report, a
// review, a guide: "Task 2.3 Implementation Summary"), still make it a
// plan; the words that only name the work it is about ("task",
// "implementation", "migration", "tasks 1-4") do not.
var ownPlanWords = []string{"plan", "roadmap", "backlog", "todo", "to do", "sprint plan", "work breakdown", "checklist", "schedule"}

// retroHeads are sections of a retrospective: what went well, what not,
// what was learned.
var retroHeads = []string{"what worked", "what went well", "what went wrong", "what didn't work", "what did not work", "what was inefficient", "what hurt",
	"key lessons", "lessons learned", "lessons", "what we learned", "what to improve"}

// reviewHeads are sections of a review that judges work done ("Issues
// Found", "Overall Assessment"): under a review's title, its "## Task 1:
// Schema ✅" sections are what was reviewed, not work to do.
var reviewHeads = []string{"issues found", "findings", "overall assessment", "assessment", "verdict", "final verdict", "strengths", "weaknesses", "summary of findings"}

// policyHeads are sections of a security policy (SECURITY.md): its
// checklists are for operators and reporters, not work.
var policyHeads = []string{"supported versions", "reporting a vulnerability", "reporting vulnerabilities", "reporting security issues",
	"reporting a security issue", "disclosure policy", "security updates", "vulnerability disclosure"}

// isoDateRE is a date written year first: "2021-04-14".
var isoDateRE = lazyMustCompile(`\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b`)

// meetingHeads are sections only meeting minutes have.
var meetingHeads = []string{"attendees", "attending", "participants", "present", "agenda", "action items", "action", "actions", "next meeting", "minutes",
	"会议主题", "参会人", "参会人员", "与会人员", "出席人员", "会议议程", "議題", "出席者", "참석자", "안건"}

// declaredSection is the section a declaration's units stand under
// ("Deliverables" of `units: "{n}. {title} under ## Deliverables"`), ""
// for none.
func declaredSection(declare string) string {
	_, under, ok := strings.Cut(declare, " under ")
	if !ok {
		return ""
	}
	return strings.TrimSpace(strings.TrimRight(strings.TrimLeft(under, "# "), "\""))
}

// reportKind reports a title kind that records work done.
func reportKind(kind string) bool { return kind == "a report" || kind == "a retrospective" }

// recordedWork reports a section that, in a report, lists the work it
// records ("## Deliverables" of a completion report were delivered) or the
// steps its reader takes to the work (readerSteps): neither is work to do.
func recordedWork(text string) bool {
	h := normalHeading(text)
	for _, w := range []string{"deliverables", "progress", "timeline", "milestones"} {
		if h == w || strings.HasPrefix(h, w+" ") {
			return true
		}
	}
	// "Implementation Files", "Implementation Details": what was built.
	return h == "implementation files" || h == "implementation details" || readerSteps(text)
}

// readerSteps reports a report's section of the steps its reader takes to
// the work it reports ("🔄 Migration Steps" in an implementation summary).
func readerSteps(text string) bool {
	switch normalHeading(text) {
	case "migration steps", "upgrade steps", "setup steps":
		return true
	}
	return false
}

// howToHeads counts the section headings that tell how to do something
// ("How to review and iterate").
func howToHeads(heads map[string]int) int {
	n := 0
	for h := range heads {
		if strings.HasPrefix(h, "how to ") {
			n++
		}
	}
	return n
}

// placeholders are what a template leaves to fill in.
var placeholders = []string{"yyyy-mm-dd", "<url>", "<date>", "<name>", "<link>", "{{", "[tbd]", "<#.#>", "yes|no", "yes/no"}

// blankCells counts the table cells of doc whose whole text is a blank
// in brackets ("[Name]", "[Story title with ticket link]"), a box's
// "[x]" or "[ ]" aside; last is the last one's text.
func (b *builder) blankCells(doc ast.Node) (n int, last string) {
	if !bytes.Contains(b.src, []byte("| [")) {
		return 0, ""
	}
	_ = ast.Walk(doc, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if _, ok := c.(*east.TableCell); !ok {
			return ast.WalkContinue, nil
		}
		t := strings.TrimSpace(plainText(c, b.src))
		if len(t) > 3 && t[0] == '[' && t[len(t)-1] == ']' && !strings.ContainsAny(t[1:len(t)-1], "[]") {
			n++
			last = t
		}
		return ast.WalkSkipChildren, nil
	})
	return n, last
}

// titlePlaceholderRE is a placeholder in a title: "(DATE)", "<date>",
// "{version}", "vX.Y.Z".
var titlePlaceholderRE = lazyMustCompile(`\((?:DATE|VERSION|NAME|TBD)\)|<(?:date|version|name)>|\{(?:date|version|name)\}|\bv?X\.X+(?:\.X+)?\b|\bv?X\.Y(?:\.Z)?\b`)

// versionPlaceholderRE is a version left to fill in: "X.XX.X", "vX.Y.Z".
var versionPlaceholderRE = lazyMustCompile(`\bv?X\.X+(?:\.X+)?\b|\bv?X\.Y(?:\.Z)?\b|\((?:DATE|VERSION)\)`)

// slotRE is a named slot a template leaves to fill in: "{{FEATURE_NAME}}",
// "{{sliceTitle}}" (a bare name: "{{ .Name }}" is a Go template a plan may
// be about); "{기능명}" (a name in a script other than Latin, in single
// braces); "{Plan Name}" (two words in title case or more, in single
// braces); "[FEATURE NAME]" (two words in capitals or more, not "[WIP]");
// "[Feature / Epic Title]"; "[Nombre del Feature]" (a name or title of
// something, in Spanish, Portuguese, French or German).
var slotRE = lazyMustCompile(slotPattern)

const slotPattern = `\{\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}\}|\{[A-Z][a-z]+(?: [A-Z][a-z]+)+\}|\{[^{}\x00-\x7F][^{}\x00-\x2F]*\}|\[[A-Z][A-Z0-9#]*(?:[ _/-]+[A-Z0-9#]+)+\]|\[[^\[\]]*\b(?:Title|Name)\]|\[[^\[\]]*(?:이름|제목|名称|名前|标题|タイトル)\]|\[(?:Nombre|Nome|Nom|Título|Titulo|Titre|Titel) (?:del?|da|do|du|de la|des) [^\[\]]+\]`

// angleSlotRE is a title that is only a name to fill in, in angle
// brackets, in a script other than Latin ("<执行计划标题>").
var angleSlotRE = lazyMustCompile(`^<[^<>\x00-\x7F][^<>\x00-\x2F]*>$`)

// namedSlotRE is slotPattern's slot that names a thing in Spanish,
// Portuguese, French or German ("[Nombre del Feature]"): right after a
// word, it is a field's label in a sentence, not a slot.
var namedSlotRE = lazyMustCompile(`^\[(?:Nombre|Nome|Nom|Título|Titulo|Titre|Titel) `)

// titleSlot reports a slot in title that is not a status in brackets
// ("[IN PROGRESS]" says how the work stands; "[FEATURE NAME]" is to fill).
func titleSlot(title string) bool {
	for _, m := range slotRE.FindAllStringIndex(title, -1) {
		if titleCaseSlot(title, m) {
			continue // "Support the `{First Name}` token", "\text{Gross Revenue}"
		}
		if last, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(title[:m[0]])); unicode.IsLetter(last) && namedSlotRE.MatchString(title[m[0]:m[1]]) {
			continue // "Validar el campo [Nombre del cliente]": a field's label in a sentence
		}
		if !readStatus(strings.Trim(title[m[0]:m[1]], "[]{} ")).known {
			return true
		}
	}
	return false
}

// titleCaseSlot reports slotRE's match m in text that is words in title
// case in single braces ("{Plan Name}") standing in code, or glued to a
// word or a backslash before it (LaTeX's "\text{Gross Revenue}"): a
// token or markup, not a slot.
func titleCaseSlot(text string, m []int) bool {
	slot := text[m[0]:m[1]]
	if !strings.HasPrefix(slot, "{") || strings.HasPrefix(slot, "{{") || slot[1] < 'A' || slot[1] > 'Z' {
		return false
	}
	if strings.Count(text[:m[0]], "`")%2 == 1 {
		return true
	}
	before, _ := utf8.DecodeLastRuneInString(text[:m[0]])
	return m[0] > 0 && (unicode.IsLetter(before) || before == '\\')
}

// textSlotRE is a slot in a template's text: slotRE's, a date left to
// fill in ("YYYY-MM-DD"), a path's part in angle brackets
// ("specs/<workstream>/spec.md"), words in single braces that open with a
// capital ("{Clear, measurable goal}").
var textSlotRE = lazyMustCompile(slotPattern + `|YYYY-MM-DD|<[a-z][a-z0-9_-]*>|\{[A-Z][a-z]+(?:,? [A-Za-z]+)+\}`)

// templateDoc says, with its evidence, whether the document is a template
// to copy: its title, or its first paragraph, calls it a template, and its
// text leaves two placeholders or more to fill in; "" when it is not.
func (b *builder) templateDoc(doc ast.Node, title string) string {
	intro := ""
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if par, ok := n.(*ast.Paragraph); ok {
			intro = strings.ToLower(plainText(par, b.src))
			break
		}
	}
	if !hasAnyWord(title, []string{"template"}) && !hasAnyWord(intro, []string{"template"}) {
		// "# Release candidate (DATE)" over "tag X.XX.X-rc.1": a title
		// that leaves its date or version to fill in, and a placeholder
		// of a version in the text, make a form to copy as well.
		if slotted := b.slottedHeadings(doc); len(slotted) >= 2 && !titleSlot(title) {
			// "### Phase 1: [Phase 이름] (완료)", "### Phase 2: [Phase
			// 이름] (진행 중)": a form's sample phases, whatever the title.
			return fmt.Sprintf("its headings %q and %d more leave a placeholder to fill in", slotted[0], len(slotted)-1)
		}
		if n, last := b.blankCells(doc); n >= 8 {
			// "| [Name] | [X] / [Total] |", "| 1 | [Story title with
			// ticket link] | [SP] |": a form's table, its cells blanks.
			return fmt.Sprintf("its tables leave %d cells blank in brackets to fill in (%q the last)", n, last)
		}
		var found [][]int
		switch {
		case angleSlotRE.MatchString(title):
			// "# <执行计划标题>": the whole title is a name to fill in;
			// one more slot below it makes the form.
			body := b.src
			if k := bytes.Index(body, []byte(title)); k >= 0 {
				body = body[k+len(title):]
			}
			if m := textSlotRE.FindAllStringIndex(string(body), -1); len(m) > 0 {
				last := m[len(m)-1]
				return fmt.Sprintf("its title %q is a name to fill in, and its text leaves %d more (%q)", title, len(m), body[last[0]:last[1]])
			}
			return ""
		case titleSlot(title):
			// "# ExecPlan: {{FEATURE_NAME}}" over "## Phase 1:
			// {{PHASE_1_NAME}}": a generator's form.
			found = textSlotRE.FindAllStringIndex(string(b.src), -1)
		case titlePlaceholderRE.MatchString(title):
			found = versionPlaceholderRE.FindAllStringIndex(string(b.src), -1)
		default:
			return "" // the text is scanned only under a title that leaves a slot
		}
		if len(found) < 2 {
			return ""
		}
		last := found[len(found)-1]
		return fmt.Sprintf("its title %q leaves a placeholder to fill in, and its text %d more (%q)", title, len(found)-1, b.src[last[0]:last[1]])
	}
	lower := strings.ToLower(string(b.src))
	var found []string
	for _, p := range placeholders {
		if strings.Contains(lower, p) {
			found = append(found, fmt.Sprintf("%q", p))
		}
	}
	if len(found) < 2 {
		return ""
	}
	return "it calls itself a template, and leaves " + strings.Join(found[:min(len(found), 3)], ", ") + " to fill in"
}

// resultRE is a paragraph that opens by stating how a piece of work came
// out: "**Result:** PASS on macOS", "Outcome: shipped".
var resultRE = lazyMustCompile(`(?im)^(?:result|results|outcome|verdict)\s*[:：]`)

// unitsStateResults reports whether as many headings at level as there are
// units (two at least) open their sections with a paragraph stating a
// result.
func (b *builder) unitsStateResults(doc ast.Node, level, units int) bool {
	n := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		if !ok || h.Level != level {
			continue
		}
		if p, ok := b.firstAfter(h).(*ast.Paragraph); ok && resultRE.MatchString(plainText(p, b.src)) {
			n++
		}
	}
	return n >= 2 && n >= units
}

// slottedHeadings returns the headings below the title that leave a slot
// to fill in ("Phase 1: [Phase 이름]", "Step 2: {{STEP_NAME}}").
func (b *builder) slottedHeadings(doc ast.Node) []string {
	var out []string
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level > 1 {
			// The slot is looked for in the heading's source, where a
			// code span keeps its backticks ("`{First Name}` token").
			start := lineStart(b.src, max(b.blockStart(h), 0))
			if t := b.trimmedText(h); titleSlot(t) && titleSlot(string(b.src[start:lineEnd(b.src, start)])) {
				out = append(out, t)
			}
		}
	}
	return out
}

// skillFrontMatter reports front matter that names and describes an agent
// skill or command, as Claude Code's, Copilot's and others' do: top-level
// "name:" (or "allowed-tools:", "argument-hint:", "tools:", "model:") and
// "description:" keys, and no "todos:" (a Cursor plan's).
func skillFrontMatter(yml []byte) bool {
	keys := map[string]bool{}
	for _, line := range strings.Split(string(yml), "\n") {
		if k, _, ok := strings.Cut(line, ":"); ok && k != "" && !strings.ContainsAny(k, " \t#") {
			keys[k] = true
		}
	}
	return keys["description"] && (keys["name"] || keys["allowed-tools"] || keys["argument-hint"] || keys["tools"] || keys["model"]) && !keys["todos"]
}

// summaryFrontMatter returns the completion date of front matter that
// records a plan executed, as a GSD SUMMARY.md's does ("phase:", "plan:",
// what it "provides:" or its "key-decisions:", and "completed:
// 2026-02-28"); "" for other front matter (a GSD PLAN.md's has no
// "completed:").
func summaryFrontMatter(yml []byte) string {
	keys := map[string]string{}
	for _, line := range strings.Split(string(yml), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && k != "" && k[0] != '#' && k[0] != '-' && !strings.ContainsAny(k, " \t") {
			keys[k] = strings.TrimSpace(v) // top-level keys only: not "  - phase: …"
		}
	}
	if _, ok := keys["phase"]; !ok {
		return ""
	}
	if _, ok := keys["plan"]; !ok {
		return ""
	}
	_, provides := keys["provides"]
	_, decisions := keys["key-decisions"]
	if done := keys["completed"]; done != "" && (provides || decisions) {
		return done
	}
	return ""
}

// anchorRE is a documentation builder's anchor ending a heading: "##
// Overview [[overview]]".
var anchorRE = lazyMustCompile(`\s\[\[[a-z0-9][a-z0-9_-]*\]\]\s*$`)

// anchoredHeads counts the headings that end in a documentation builder's
// anchor, when every heading of the document but its title does, and
// returns the first; 0 when one does not.
func (b *builder) anchoredHeads(doc ast.Node) (n int, first string) {
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		if !ok || h.Level == 1 && n == 0 {
			continue
		}
		line := string(b.src[b.blockStart(h):lineEnd(b.src, b.blockStart(h))])
		if !anchorRE.MatchString(strings.TrimRight(line, "\r\n")) {
			return 0, ""
		}
		if n == 0 {
			first = strings.TrimSpace(strings.TrimLeft(line, "# "))
		}
		n++
	}
	return n, first
}

// spanRE is a reference to a project's own schedule: "Sprints S0-S1",
// "Week 3", "Days 4-5".
var spanRE = lazyMustCompile(`(?i)^(?:sprints?|weeks?|days?|months?)\s+[a-z]?\d`)

// spanText reports a heading's parenthesis that gives its work a span of
// time: "1-2 days", "Sprints S0-S1".
func spanText(t string) bool { return durationRE.MatchString(t) || spanRE.MatchString(t) }

// scheduledPhases reports two phase headings or more that each give their
// work a span of time ("### Phase 0: Pre-Development Setup (1-2 days)",
// "### Phase 1: Backend Foundation (Sprints S0-S1)"):
// a schedule for one project, not a guide's steps for every reader.
func (b *builder) scheduledPhases(doc ast.Node) bool {
	n := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			t := strings.TrimSpace(b.trimmedText(h))
			if i := strings.LastIndexByte(t, '('); i > 0 && strings.HasSuffix(t, ")") && readShape(t).kind == shapePhase && spanText(strings.TrimSpace(t[i+1:len(t)-1])) {
				n++
			}
		}
	}
	return n >= 2
}

// guidePermalink is the permalink of front matter that publishes the
// document as a site's guide ("permalink: /how-to/use_managed_identity/",
// "/docs/tutorials/setup/"), "" for none.
func guidePermalink(yml []byte) string {
	for _, line := range strings.Split(string(yml), "\n") {
		v, ok := strings.CutPrefix(line, "permalink:")
		if !ok {
			continue
		}
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		for _, seg := range strings.Split(strings.ToLower(v), "/") {
			switch seg {
			case "how-to", "howto", "how-tos", "guide", "guides", "tutorial", "tutorials":
				return v
			}
		}
	}
	return ""
}

func normalHeading(t string) string {
	t = strings.TrimLeftFunc(t, func(r rune) bool { return !unicode.IsLetter(r) })
	t = strings.TrimRightFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && r != ')' })
	return strings.ToLower(strings.TrimSpace(t))
}

// signals reads doc's headings (and an "Attendees:" line) for what the
// document is; headings deeper than level (the units' level, when they are
// headings) are passed over.
func (b *builder) signals(doc ast.Node, level int) docSignals {
	s := docSignals{heads: map[string]int{}}
	counts := make([]int, len(docKinds))
	found := make([][]string, len(docKinds))
	// A document with no level-1 heading that opens with a level-2 one
	// ("## V3 Refactor – Final Code Review") is titled by it.
	var top ast.Node
	if h, ok := doc.FirstChild().(*ast.Heading); ok && h.Level == 2 && b.fmTitle == "" && !hasLevel1(doc) {
		top = h
		if f := strings.Fields(b.trimmedText(h)); len(f) > 0 && versionHeading(f[0]) {
			// "## v1.0 （已发布）" over "## v2.0 （已发布）": the first of a
			// roadmap's versions, not the document's title.
			top = nil
		}
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		var text string
		if par, ok := n.(*ast.Paragraph); ok && s.title != "" && s.titleKind == "" && !s.introSeen {
			// "This guide covers integrating Apollo Client ...": the
			// first paragraph says what the document is.
			s.introSeen = true
			if intro := strings.ToLower(plainText(par, b.src)); hasAnyPrefix(intro, []string{"this guide ", "this tutorial ", "this walkthrough ", "a guide for ", "a guide to ", "a step-by-step guide "}) {
				s.introGuide, _, _ = strings.Cut(plainText(par, b.src), "\n")
			} else if hasAnyPrefix(intro, []string{"you are helping a human", "you are helping the user", "you are helping a user", "you are helping users", "you are helping someone", "you're helping a human", "you're helping the user", "you will help the user", "you will help a user"}) {
				// Not "You are helping me add dark mode": a plan handed
				// to the agent that does it, once.
				s.introPrompt, _, _ = strings.Cut(plainText(par, b.src), "\n")
			}
		}
		switch n := n.(type) {
		case *ast.Heading:
			text = b.trimmedText(n)
			if (n.Level == 1 || n == top) && s.title == "" {
				s.setTitle(text)
			}
			if n.Level > 1 && n != top {
				if s.guideHead == "" && containsFoldAny(text, []string{"this guide", "this tutorial", "this walkthrough"}) {
					s.guideHead, s.guideHeadLine = text, b.p.Position(b.blockStart(n)).Line
				}
				if h := normalHeading(text); s.heads[h] == 0 {
					s.heads[h] = b.p.Position(b.blockStart(n)).Line
				}
				if strings.ContainsAny(text, "(（—–") {
					// "What went wrong (in the order we hit it)" is a
					// "What went wrong" section too.
					if h := strings.TrimSpace(normalHeading(leadTitle(text))); h != "" && s.heads[h] == 0 {
						s.heads[h] = b.p.Position(b.blockStart(n)).Line
					}
				}
			}
			if level > 0 && n.Level > level {
				// A heading inside a unit ("### Design" under "## Epic 1")
				// is the unit's text: it says nothing of the document.
				continue
			}
			// The title and the sections above the units say whether
			// the document is about work to do; the units' own headings
			// ("Phase 4: Implementation") do not, nor a design's "Test Plan".
			if n.Level == 1 || n == top {
				// "Troubleshoot Compactor Backlog": the backlog is what
				// goes wrong, not a plan.
				s.planned = s.planned || titlePlans(text, s.titleKind) && !troubleshootTitle(text)
			} else if n.Level > 1 && workHeading(text) && !bareNumbered(text) && !(reportKind(s.titleKind) && recordedWork(text)) &&
				// "## Implementation" under "# Task 1 Report: Pin Model
				// Roles": what the reported task built.
				!(normalHeading(text) == "implementation" && reportHead(s.title)) &&
				// "## 🎯 TASKS COMPLETED": work done, not to do.
				sectionState(text) != StatusClosed &&
				// "## Steps" of an "Incident Response Plan": a standing
				// procedure's steps, taken each time.
				!procedureTitle(s.title) &&
				// "## Progress Tracking" in a how-to: how to keep track,
				// a topic it teaches.
				!(s.titleKind == "a tutorial or example" && strings.Contains(normalHeading(text), "tracking")) &&
				// "## Migration Steps" in a "Migration Guide": the steps
				// it teaches.
				!(s.titleKind == "a tutorial or example" && guideSteps(normalHeading(text))) {
				// Not "### 5. **Task List Set in Taskmaster** ✅": a
				// numbered heading is an item of a list, not a section.
				if h := normalHeading(text); nextStepsHeading(text) || strings.HasPrefix(h, "next actions") {
					// "### Next Steps" ends a tutorial as often as it
					// holds a plan's work, and "## Next Actions" a
					// report: it counts unless the title says the
					// document teaches or reports.
					s.nextSteps = true
				} else {
					s.planned = true
				}
			}
		case *ast.Paragraph:
			t := b.trimmedText(n)
			if k := strings.IndexByte(t, ':'); k > 0 && k < 14 {
				text = t[:k]
			} else if k := strings.Index(t, "："); k > 0 && k < 16 {
				// "**参会人** ：GuangmingLuo, …": a field of a meeting's
				// record, its colon full-width.
				text = strings.TrimSpace(t[:k])
				if h := normalHeading(text); slices.Contains(meetingHeads, h) && s.heads[h] == 0 {
					s.heads[h] = b.p.Position(b.blockStart(n)).Line
				}
			} else {
				continue
			}
		default:
			continue
		}
		h := normalHeading(text)
		if strings.HasPrefix(text, "v") || strings.HasPrefix(text, "V") || strings.HasPrefix(text, "[") && len(text) > 1 && text[1] >= '0' && text[1] <= '9' {
			if versionHeading(text) {
				counts[2]++
				found[2] = append(found[2], fmt.Sprintf("%q (line %d)", text, b.p.Position(b.blockStart(n)).Line))
				continue
			}
		}
		for i, k := range docKinds {
			for _, w := range k.heads {
				if h == w {
					counts[i]++
					found[i] = append(found[i], fmt.Sprintf("%q (line %d)", text, b.p.Position(b.blockStart(n)).Line))
				}
			}
		}
	}
	best := -1
	for i, c := range counts {
		if c > 0 && (best < 0 || c > counts[best]) {
			best = i
		}
	}
	if best >= 0 {
		s.kind, s.evidence = docKinds[best].kind, found[best][:min(len(found[best]), 3)]
	}
	if s.title == "" && b.fmTitle != "" {
		// No heading titles the document: its front matter's title does.
		s.setTitle(b.fmTitle)
		s.planned = s.planned || titlePlans(b.fmTitle, s.titleKind)
	}
	return s
}

// guideLead reports a title that opens by calling the document a guide or
// a tutorial ("Guide de Gestion du Backlog", "Tutorial: deploy the
// stack"): what it names after that is its topic.
func guideLead(title string) bool {
	f := lowerWords(title)
	return len(f) > 1 && (f[0] == "guide" || f[0] == "guía" || f[0] == "guia" || f[0] == "tutorial" || f[0] == "tutoriel" || f[0] == "leitfaden")
}

// phasesSection reports a section that holds the phases of the work by
// name ("## Phases", "## Remaining phases", "## Implementation phases"):
// a design's run-time phases are under its design.
func phasesSection(title string) bool {
	switch normalHeading(title) {
	case "phases", "remaining phases", "implementation phases", "delivery phases", "rollout phases", "migration phases", "project phases", "phased plan", "phased rollout":
		return true
	}
	return false
}

// emptyFields counts the list items that are a label and a colon with
// nothing after them ("- Webinar Title:", "- Date & Time (with
// timezone):"), and gives the first.
func (b *builder) emptyFields(doc ast.Node) (n int, first string) {
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		l, ok := c.(*ast.List)
		if !ok {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			t, ok := b.readItemText(it)
			if !ok || t.box || len(t.text) > 60 || !strings.HasSuffix(t.text, ":") {
				continue
			}
			if n == 0 {
				first = t.text
			}
			n++
		}
	}
	return n, first
}

// hasLevel1 reports whether the document has a level-1 heading.
func hasLevel1(doc ast.Node) bool {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level == 1 {
			return true
		}
	}
	return false
}

// doneTitle reports a title whose last word, or the last word before its
// colon, says its work is done, after a word that names the work
// ("Implementation Complete", "Migration Completed", "Phase 1 Complete:
// State Management"), not "Definition of Done"; or whose part after a
// dash opens with a done word in capitals that stands alone ("SDK -
// COMPLETED & PRODUCTION READY!").
func doneTitle(text string) bool {
	if lead, _, ok := strings.Cut(text, ":"); ok && doneTitle(lead) {
		// "Phase 1 Complete: State Management System": the part before
		// the colon says the work is done.
		return true
	}
	for _, dash := range []string{" - ", " — ", " – "} {
		if _, tail, ok := strings.Cut(text, dash); ok {
			// "Anthropic Rust SDK - COMPLETED & PRODUCTION READY!": the
			// part after the dash opens by saying, in capitals, that the
			// work is done ("- Complete the API" plans it).
			t := strings.Fields(strings.TrimLeftFunc(tail, decoration))
			if len(t) == 0 || !slices.Contains([]string{"COMPLETE", "COMPLETED", "FINISHED", "DONE"}, strings.TrimRight(t[0], "!.,")) {
				continue
			}
			// The word stands alone: it ends the title or its sentence,
			// or "&", "and" or a mark follows ("COMPLETE THE MIGRATION"
			// plans it, "COMPLETE REWRITE" names it).
			if len(t) == 1 || strings.HasSuffix(t[0], "!") || strings.HasSuffix(t[0], ".") || t[1] == "&" || strings.EqualFold(t[1], "and") || !strings.ContainsFunc(t[1], unicode.IsLetter) {
				return true
			}
		}
	}
	f := lowerWords(text)
	if len(f) < 2 {
		return false
	}
	switch f[len(f)-1] {
	case "complete", "completed", "finished", "implemented":
		return f[len(f)-2] != "to" && f[len(f)-2] != "be" && f[len(f)-2] != "not"
	}
	return false
}

// answerLists counts the checkbox lists of doc that follow a question
// (a paragraph that ends in "?", or says "Select one" or "Select
// multiple"), when two in three of its checkbox lists or more do; line is
// the first such question's.
func (b *builder) answerLists(doc ast.Node) (n, line int) {
	lists := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		l, ok := c.(*ast.List)
		if !ok || l.FirstChild() == nil {
			continue
		}
		if _, has := itemChecked(l.FirstChild()); !has {
			continue
		}
		lists++
		par, ok := l.PreviousSibling().(*ast.Paragraph)
		if !ok {
			continue
		}
		t := strings.TrimSpace(b.trimmedText(par))
		lower := strings.ToLower(t)
		if strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？") || strings.Contains(lower, "select one") || strings.Contains(lower, "select multiple") || strings.Contains(lower, "select all that apply") {
			if n == 0 {
				line = b.p.Position(b.blockStart(par)).Line
			}
			n++
		}
	}
	if 3*n < 2*lists {
		return 0, 0
	}
	return n, line
}

// promptTags are the elements that wrap an agent's prompt: a role, its
// thinking, its way of working (PromptX's DPML), instructions.
var promptTags = []string{"execution", "role", "thought", "principle", "knowledge", "instructions", "system_prompt", "prompt"}

// promptElement returns the name of the element that opens src, its first
// line, and closes it: "<execution domain=…>" … "</execution>"; "" when
// src opens with none.
func promptElement(src []byte) string {
	t := bytes.TrimLeft(src, " \t\r\n")
	if len(t) < 2 || t[0] != '<' {
		return ""
	}
	for _, tag := range promptTags {
		rest, ok := bytes.CutPrefix(t[1:], []byte(tag))
		if !ok || len(rest) == 0 || rest[0] != '>' && rest[0] != ' ' {
			continue
		}
		if bytes.Contains(src, []byte("</"+tag+">")) {
			return tag
		}
	}
	return ""
}

// prFormSections are the words of a pull request's form section that
// lists the kinds of change to tick: "Change Type", "Type of change",
// "变更类型".
var prFormSections = []string{"change type", "type of change", "types of changes", "变更类型", "改动类型", "변경 유형"}

// prFormHeading reports a section of a pull request's form that lists the
// kinds of change to tick.
func prFormHeading(text string) bool {
	h := normalHeading(text)
	return slices.ContainsFunc(prFormSections, func(w string) bool { return strings.Contains(h, w) })
}

// prFormWords reports whether src holds the words of such a section at
// all, before a walk over its headings.
func prFormWords(src []byte) bool {
	lower := bytes.ToLower(src)
	return slices.ContainsFunc(prFormSections, func(w string) bool { return bytes.Contains(lower, []byte(w)) })
}

// guideSteps reports a section of steps ("Migration Steps", "实施步骤"),
// which a guide's title makes the steps it teaches.
func guideSteps(h string) bool {
	return strings.HasSuffix(h, " steps") || strings.HasSuffix(h, "步骤") || strings.HasSuffix(h, "步驟") || strings.HasSuffix(h, "手順")
}

// promptTitle reports a title that ends by calling the document a prompt
// ("Rapitas プロジェクト評価プロンプト", "Code Review Prompt"), not one that
// names prompts as the work ("Tasks: remove bun from the prompt").
func promptTitle(text string) bool {
	t := strings.ToLower(strings.TrimRightFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }))
	return slices.ContainsFunc([]string{" prompt", "プロンプト", "提示词", "提示詞", "프롬프트"}, func(w string) bool { return strings.HasSuffix(t, w) })
}

// setTitle records the document's title and what its words say it is.
func (s *docSignals) setTitle(text string) {
	s.title = text
	// "SIMPLIFICATION_EXECUTION_LOG.md": a file's name as its title says
	// what it is in the words its underscores join.
	words := strings.ReplaceAll(strings.TrimSuffix(text, ".md"), "_", " ")
	for _, k := range titleKinds {
		if hasAnyWord(words, k.words) && !(k.kind == "a changelog" && changelogModifier(words)) {
			s.titleKind = k.kind
			break
		}
	}
	if s.titleKind == "" && howToTitle(text) {
		s.titleKind = "a tutorial or example"
	}
	if s.titleKind == "" && promptTitle(text) {
		s.titleKind = "an agent's prompt"
	}
	if f := lowerWords(text); s.titleKind == "" && len(f) > 1 && f[len(f)-1] == "history" && !hasAnyWord(text, ownPlanWords) {
		// "Godot AI — Foundation History": a record of what shipped
		// ("Chat History Tasks" names its work).
		s.titleKind = "a report"
	}
	if s.titleKind == "" && doneTitle(text) && !hasAnyWord(text, ownPlanWords) {
		// "Spec: EU AI Act Compliance Agent - Implementation Complete":
		// a title whose last word says the work is done reports it.
		s.titleKind = "a report"
	}
	if _, done, _, _ := headingMarkers(text); s.titleKind == "" && done != "" && !hasAnyWord(text, ownPlanWords) {
		// "# 🎉 OAuth Implementation - ALL PHASES COMPLETE! 🎊": a
		// title that says the work is done reports it.
		s.titleKind = "a report"
	}
}

// releaseSections lists, as "\"Added\" (line 13)", the headings under the
// title that a changelog's releases hold ("### Added", "### Fixed").
func (b *builder) releaseSections(doc ast.Node) []string {
	var out []string
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level > 1 {
			switch t := b.trimmedText(h); normalHeading(t) {
			case "added", "fixed", "changed", "removed", "deprecated", "security", "breaking changes":
				out = append(out, fmt.Sprintf("%q (line %d)", t, b.p.Position(b.blockStart(h)).Line))
			}
		}
	}
	return out
}

// changelogModifier reports a title whose word "changelog" names what
// its subject is for, another noun right after it: "CLI Tools for
// LLM-Assisted Changelog Generation", "Changelog Tooling". "Changelog
// for v2", "Changelog v3.2" and "Changelog - 2024" are changelogs.
func changelogModifier(title string) bool {
	t := strings.ToLower(title)
	k := indexWord(t, "changelog")
	if k < 0 {
		return false
	}
	f := strings.Fields(t[k+len("changelog"):])
	if len(f) == 0 {
		return false
	}
	w := f[0]
	if w[0] < 'a' || w[0] > 'z' || w[0] == 'v' && len(w) > 1 && w[1] >= '0' && w[1] <= '9' {
		return false // "Changelog - 2024", "Changelog (v2)", "Changelog v3.2"
	}
	switch strings.TrimRight(w, ".,:;") {
	case "for", "of", "since", "from", "to", "and", "in", "version":
		return false
	}
	return true
}

// troubleshootTitle reports a title that opens by telling how to
// troubleshoot something ("Troubleshoot Compactor Backlog").
func troubleshootTitle(title string) bool {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(title)), " ")
	return first == "troubleshoot" || first == "troubleshooting"
}

// howToTitle reports a title that tells a reader how to install or set
// something up: "Install and Deploy TiKV Using Ansible", "Setting up the
// dev environment". Its steps are for every reader to follow.
func howToTitle(title string) bool {
	for _, w := range []string{"部署", "安装", "搭建", "インストール", "導入手順", "설치", "배포"} {
		if strings.HasPrefix(strings.TrimLeftFunc(title, decoration), w) && !foreignPlanTitle(title) {
			return true // "部署的详细方法": how to deploy, step by step ("部署计划" plans one)
		}
	}
	for _, w := range []string{"へのデプロイ", "のデプロイ", "のインストール", "のセットアップ", "배포하기", "설치하기"} {
		if strings.HasSuffix(strings.TrimRightFunc(title, decoration), w) && !foreignPlanTitle(title) {
			return true // "Cloudflare Workers へのデプロイ": deploying to it, the verb last
		}
	}
	f := strings.Fields(strings.ToLower(title))
	if len(f) < 2 {
		return false
	}
	if troubleshootTitle(title) {
		return true
	}
	if t := strings.ToLower(title); containsAny(t, howItWorks) {
		return true // "OpenSpec CLI – как это работает": how a tool works
	}
	switch f[0] {
	case "install", "installing", "deploy", "deploying", "setup":
		return true
	case "set", "setting":
		return f[1] == "up"
	}
	return false
}

// upgradeGuideTitle reports a title that opens by naming a user's move to
// a new version: "Upgrading IslandJS Rails", "Migrating from 1.x".
func upgradeGuideTitle(title string) bool {
	f := strings.Fields(strings.ToLower(strings.TrimLeftFunc(title, decoration)))
	return len(f) > 1 && (f[0] == "upgrading" || f[0] == "migrating" && f[1] == "from") && !hasAnyWord(title, ownPlanWords)
}

// howItWorks are words of a title that says it explains how something
// works.
var howItWorks = []string{"how it works", "how this works", "как это работает", "как работает", "cómo funciona", "como funciona",
	"comment ça marche", "comment ça fonctionne", "wie es funktioniert", "so funktioniert", "の仕組み", "工作原理", "如何运作", "如何運作", "작동 방식"}

// procedureWords in a title name a standing procedure, followed each
// time it is needed however the title calls it ("Incident response plan").
var procedureWords = []string{"incident response", "breach notification", "disaster recovery", "business continuity", "on-call", "escalation policy",
	"triage process", "triage checklist",
	"continuous improvement", "継続的改善", "持续改进", "持續改進"}

// procedureTitle reports a title that names a standing procedure.
func procedureTitle(title string) bool {
	// "Skill: Update Roadmap", "Rule: Generating a Task List": an agent's
	// skill or rule, applied each time, whatever work its title names.
	t := strings.ToLower(strings.TrimSpace(title))
	return hasAnyWord(title, procedureWords) || strings.HasPrefix(t, "skill:") || strings.HasPrefix(t, "rule:")
}

// titlePlans reports whether a title of the kind titleKind says the
// document is about work to do. A title that says what else the document
// is names the work it is about ("Task 2.3 Implementation Summary", "Data
// Migration System Guide"): only a plan's own words make it one.
func titlePlans(title, titleKind string) bool {
	if procedureTitle(title) {
		return false
	}
	if reportKind(titleKind) && (recordOfRE.MatchString(title) || planReviewRE.MatchString(title) || reportLastRE.MatchString(title) && namedLast(title, reportLastRE) || reportHead(title)) || titleKind == "a tutorial or example" && guideLastRE.MatchString(title) && namedLast(title, guideLastRE) {
		// "Retrospective on the May-July roadmap": the plan is what
		// the record looks back on.
		return false
	}
	return hasAnyWord(title, planWords) && (titleKind == "" || hasAnyWord(title, ownPlanWords) || foreignPlanTitle(title))
}

// reportLastRE is a title whose last words name a report, whatever it
// reports on: "Claude SEO v2 Backlog Completion Report", "Roadmap Status
// Report".
var reportLastRE = lazyMustCompile(`(?i)\b(?:completion|status|progress|final|implementation|closeout|close-out)\s+report\W*$`)

// reportHead reports a title whose first clause ends by naming a report,
// the clause after it saying what it reports on: "Task 1 Report: Pin
// Independent Runtime Model Roles", "Sprint 2 Report — API". The plan's
// word before it ("Task") names the work reported; a plan named after it
// ("Sales Report: Implementation Plan") is a plan's.
func reportHead(title string) bool {
	i := strings.IndexAny(title, ":：")
	for _, dash := range []string{" — ", " – ", " - "} {
		if j := strings.Index(title, dash); j >= 0 && (i < 0 || j < i) {
			i = j
		}
	}
	if i <= 0 || hasAnyWord(title[i:], ownPlanWords) {
		// "Sales Report: Implementation Plan": a plan the clause names.
		return false
	}
	head := strings.TrimRightFunc(title[:i], decoration)
	return strings.HasSuffix(strings.ToLower(head), " report") && namedLast(head, reportWordRE)
}

// reportWordRE is the word "report" ending a clause.
var reportWordRE = lazyMustCompile(`(?i)\breport$`)

// guideLastRE is a title whose last word names a guide, whatever it
// guides through: "Roadmap Guide", "Migration Guide".
var guideLastRE = lazyMustCompile(`(?i)\bguide\W*$`)

// namedLast reports a title that re names at its end as what the whole
// document is ("Backlog Completion Report"), not as what a plan makes:
// no clause before it ("Plan: Automate the Weekly Status Report") and no
// article or verb right before it ("Plan to write the Final Report",
// "Rewrite the Contributor Guide").
func namedLast(title string, re *lazyRegexp) bool {
	if strings.ContainsAny(title, ":：") || strings.Contains(title, " — ") || strings.Contains(title, " – ") || strings.Contains(title, " - ") {
		return false
	}
	loc := re.FindStringIndex(title)
	if loc == nil {
		return false
	}
	f := strings.Fields(strings.ToLower(title[:loc[0]]))
	if len(f) == 0 {
		return true
	}
	switch f[len(f)-1] {
	case "the", "a", "an", "our", "your", "its", "to", "write", "rewrite", "automate", "generate", "create", "produce", "build", "update", "draft", "new":
		return false
	}
	return true
}

// planReviewRE is a title that names a review of a plan: "ROADMAP review
// (End of June '20)", "Quarterly plan review".
var planReviewRE = lazyMustCompile(`(?i)\b(?:roadmap|plan|progress|quarterly)\s+review\b`)

// recordOfRE is a title that opens by naming a record of something:
// "Retrospective on …", "Report of …", "Summary of the … plan".
var recordOfRE = lazyMustCompile(`(?i)^\W*(?:retrospective|post-?mortem|report|summary|review)\s+(?:on|of|for)\s`)

// versionHeading reports a changelog's version heading: "[1.2.0] - 2024-01-01",
// "v2.3.1".
func versionHeading(t string) bool {
	t = strings.TrimPrefix(strings.TrimPrefix(t, "["), "v")
	dots := 0
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		if t[i] == '.' {
			dots++
		}
		i++
	}
	return i > 0 && dots >= 1 && t[i-1] != '.' // "2.3", not the "1." of "1. Vision"
}

// notAPlan says why the document is not a plan, or "" when it may be one:
// no reading finds units; or the document says it is something else and
// the best reading's units are one, or carry no work (no list, checkbox
// or field under any of them).
func (b *builder) notAPlan(doc ast.Node, best *Candidate) string {
	if best == nil {
		return "" // Parse says there are no units, and what looked like one
	}
	level := best.level
	if level == 1 && best.Units <= 1 {
		// The one unit is the document's own title ("# Phase 6 —
		// Rename"): its sections say what the document is.
		level = 0
	}
	if best.Name == "bd" || best.Name == "beads-ralph" {
		return "" // before the signals: their walk is 5% of a 10,000-sprint parse
	}
	if best.Score >= scoreFormat {
		// A tool's format is a plan, unless it is the tool's own form
		// to fill in ("# Tasks: [FEATURE NAME]", spec-kit's template).
		if t, ok := b.sourceTitle(); ok && titleSlot(t) {
			if ev := b.templateDoc(doc, t); ev != "" {
				return fmt.Sprintf("it is a template to copy and fill in (%s): its %s are for each copy, not work to compile", ev, unitsWord(best))
			}
		}
		return ""
	}
	sig := b.signals(doc, level)
	if sig.nextSteps && !slices.Contains([]string{"a tutorial or example", "a report", "a retrospective"}, sig.titleKind) {
		sig.planned = true
	}
	if (sig.titleKind == "a report" || sig.titleKind == "a retrospective") && !sig.planned && (best.Name == "items" || best.Name == "list") &&
		(strings.Contains(strings.ToLower(best.Declare), "next steps") || nextStepsHeading(declaredSection(best.Declare)) || len(best.First) > 0 && nextStepsHeading(b.sectionAbove(doc, best.First[0]))) {
		// "# Task 2.3 Implementation Summary" ending in "### 🚀 Next
		// Steps", "# Task 6.2 完成总结" ending in "## 📈 下一步计划" over
		// "- **Task 6.3**: …": a report's follow-ups.
		return fmt.Sprintf("its title %q says it is %s, and the only work the closest reading finds is its closing next steps (from line %d): a report's follow-ups, not a plan", sig.title, sig.titleKind, best.First[0])
	}
	if sig.titleKind == "a tutorial or example" && !sig.planned && (best.Name == "items" || best.Name == "list") && len(best.First) > 0 &&
		(strings.Contains(strings.ToLower(best.Declare), "next steps") || nextStepsHeading(b.sectionAbove(doc, best.First[0]))) {
		// "# Dev Docs Pattern" ending in "## Next Steps" over "1. Try
		// it on a task": what the reader might do next.
		return fmt.Sprintf("its title %q says it is %s, and the only work the closest reading finds is its closing next steps (from line %d): what its reader might do next, not a plan", sig.title, sig.titleKind, best.First[0])
	}
	if sig.kind == "a report of work done" && best.Name == "items" && len(best.First) > 0 {
		// "# Apply Progress: …" over "## Completed Tasks" (every box
		// ticked, and none elsewhere) and "## Files Changed": what an
		// agent did, reported when it was done.
		sec := b.sectionAbove(doc, best.First[0])
		done := func(t string) bool { return sectionState(t) == StatusClosed }
		if _, open := b.boxTotals(doc); open == 0 && done(sec) {
			if n, _ := b.boxesOutside(doc, done); n == 0 {
				secs := "its section " + sig.evidence[0] + " reports"
				if len(sig.evidence) > 1 {
					secs = "its sections " + strings.Join(sig.evidence, ", ") + " report"
				}
				return fmt.Sprintf("its %s all stand ticked under %q, and %s the change: a report of work done, not work to compile", unitsWord(best), sec, secs)
			}
		}
	}
	if ev := b.templateDoc(doc, sig.title); ev != "" {
		// "This template that will help guide you through ... handling
		// security incidents", with "YYYY-MM-DD" and "<url>" to fill in:
		// copied for each incident, never done once.
		return fmt.Sprintf("it is a template to copy and fill in (%s): its %s are for each copy, not work to compile", ev, unitsWord(best))
	}
	if n := howToHeads(sig.heads); n >= 3 && best.Name == "items" {
		// "## How to ask for a plan", "## How to review and iterate",
		// "## How to execute the plan": a guide, whatever its title says.
		return fmt.Sprintf("%d of its sections tell how to do something (\"How to ...\"): it is a guide, and its %s are an example, not work to compile", n, unitsWord(best))
	}
	if n, first := b.anchoredHeads(doc); n >= 3 {
		// "## 개요 [[overview]]", "## 핵심 개념 [[key-concepts]]": the
		// anchors a documentation site's builder reads, on every heading.
		return fmt.Sprintf("its headings carry a documentation site's anchors (%q and %d more): it is a page of documentation, and its %s are for its readers, not work to compile", first, n-1, unitsWord(best))
	}
	if b.summaryDone != "" {
		// "phase: 02-sync", "plan: \"03\"", "provides: …", "completed:
		// 2026-02-28" over "## Accomplishments" and "## Task Commits": a
		// GSD summary, written once its plan was executed.
		return fmt.Sprintf("its front matter records a plan executed (completed: %s), as a GSD summary's does: its %s are the work it reports, not work to compile", b.summaryDone, unitsWord(best))
	}
	if b.skillFM {
		// "name: dyad:swarm-to-plan" and "description: Swarm planning
		// session ...": an agent's skill or command, run each time it is
		// invoked.
		return fmt.Sprintf("its front matter names and describes an agent skill or command: its %s are instructions an agent follows each time it is invoked, not work to compile", unitsWord(best))
	}
	if (sig.heads["arguments"] > 0 || sig.heads["command arguments"] > 0) && (best.Name == "headings" && stepsWord(best) || (best.Name == "headings" || best.Name == "phases") && sig.heads["usage"] > 0 && b.stepHeadings(doc) >= 2) {
		head, line := b.firstHead(doc, sig, argumentsHeading)
		// "# Pick Task" over "## Arguments" and "## Step 0 — ...": an
		// agent's command, its steps run each time it is invoked; with
		// "## Usage" too, whatever its steps hold ("#### Phase 0:
		// Foundation" in the roadmap a step writes).
		return fmt.Sprintf("its section %q (line %d) and its steps say it is an agent's command: its %s are instructions an agent follows each time it is invoked, not work to compile", head, line, unitsWord(best))
	}
	if f := lowerWords(sig.title); len(f) > 1 && f[len(f)-1] == "workflow" && sig.heads["purpose"] > 0 && sig.heads["process"] > 0 {
		// "# Create Roadmap Workflow" with "## Purpose" and "## Process"
		// over "### 1. Grill the Idea": an agent's workflow, run each time
		// it is invoked.
		return fmt.Sprintf("its title %q names a workflow, and its sections \"Purpose\" (line %d) and \"Process\" (line %d) say how it runs: its %s are steps taken each time it is invoked, not work to compile", sig.title, sig.heads["purpose"], sig.heads["process"], unitsWord(best))
	}
	if pl, ok := sig.heads["purpose"]; ok && best.Name == "items" && strings.Contains(best.Declare, " under ## Steps\"") {
		if il, ok := sig.heads["inputs"]; ok {
			// "# EXECUTE — Task Execution Wrapper" over "## Purpose",
			// "## Inputs" and "## Steps": a command's procedure.
			return fmt.Sprintf("its sections \"Purpose\" (line %d) and \"Inputs\" (line %d) over its steps say it is a command's procedure: its steps are followed each time it runs, not work to compile", pl, il)
		}
	}
	if b.guidePage != "" && !sig.planned && best.Name == "headings" && stepsWord(best) {
		// "permalink: /how-to/use_managed_identity/" over "## Step 1:
		// Enable Managed Identity": a site's guide, for every reader.
		return fmt.Sprintf("its front matter publishes it as a guide (permalink %s), and nothing in it speaks of work to do: its steps are for a reader to follow", b.guidePage)
	}
	if sig.introPrompt != "" && !sig.planned && !planTitle(sig.title) && !hasCheckbox(b.src) {
		// "You are helping a human create their own sound pack" over
		// "## Phase 0: Install" ... "## Phase 7: Updates": what an agent
		// does for whoever asks, each time.
		return fmt.Sprintf("its first paragraph speaks to an agent (%q), and nothing in it speaks of work to do: its %s are what the agent does each time it is asked, not work to compile", short(sig.introPrompt), unitsWord(best))
	}
	if sig.introGuide != "" && best.Name == "headings" && stepsWord(best) {
		// "This guide covers integrating Apollo Client ..." over "###
		// Step 1: Create Apollo Configuration": steps for every reader.
		if !sig.planned {
			return fmt.Sprintf("its first paragraph says it is a guide (%q), and nothing in it speaks of work to do: its steps are for a reader to follow", short(sig.introGuide))
		}
		if line := sig.heads["prerequisites"]; line > 0 {
			// "A guide for seeding a project's beads backlog" with "##
			// Prerequisites": the backlog is what it teaches to make.
			return fmt.Sprintf("its first paragraph says it is a guide (%q), and its section \"Prerequisites\" (line %d) says what its reader needs: its steps are for a reader to follow", short(sig.introGuide), line)
		}
	}
	if !sig.planned && best.Name == "headings" && stepsWord(best) && !hasCheckbox(b.src) {
		// Step headings with no box to tick, in a document that speaks
		// of no plan: a guide, when its sections say so.
		if heads := sig.guideHeads(); len(heads) >= 3 && !planTitle(sig.title) {
			// "### Step 1: Start a New Project" beside "##
			// Prerequisites", "## Troubleshooting" and "## Quick
			// Reference": a tool's guide, for every reader to follow.
			return fmt.Sprintf("its sections %s say it is a guide to using something: its steps are for a reader to follow, not work to compile", strings.Join(heads, ", "))
		}
		if sig.guideHead != "" {
			// "## When to Use This Guide" over "### Step 1: Activate
			// the Scrum Team": the document names itself a guide.
			return fmt.Sprintf("its section %q (line %d) calls it a guide: its steps are for a reader to follow, not work to compile", sig.guideHead, sig.guideHeadLine)
		}
	}
	if ev := sig.exercise(); ev != "" {
		// "# Lab 01: Deploy a Static Site" with "## Learning Goals" and
		// "## Tasks": steps each learner takes, not work of the project's.
		return fmt.Sprintf("it is an exercise for learners (%s): its %s are for each learner to do, not work to compile", ev, unitsWord(best))
	}
	if kind, ev := sig.record(); kind != "" && !(kind == "a review of work done" && planSection(b.unitSection(doc, best))) {
		// Not a review's "## 2. Fix plan — PR clusters" over "### PR 1
		// — fix/formatting": the work the review asks for, planned.
		if says, ok := recordSays[kind]; ok {
			return fmt.Sprintf("it is %s (%s): "+says+", not work to compile", kind, ev, unitsWord(best))
		}
		return fmt.Sprintf("it is %s (%s): it records what was decided or said, and its %s are not work to compile", kind, ev, unitsWord(best))
	}
	if ev := b.releaseProcedure(sig.title); ev != "" {
		// "# Release runbook" over "git checkout -b release-vX.Y.Z": the
		// steps are run again for every version, never done once.
		return fmt.Sprintf("its title %q and %s say it is a release procedure, followed again for each version: its %s are steps to repeat, not work to compile", sig.title, ev, unitsWord(best))
	}
	if steps, auto := b.countSteps(doc); best.Name == "headings" && stepsWord(best) && auto >= 2 && 3*auto >= steps && !sig.planned {
		// "### Schritt 4: Registrierung (automatisch)", "### Schritt 5:
		// Scan (automatisch)": a workflow told step by step, some of its
		// steps done by the system itself.
		return fmt.Sprintf("%d of its %d steps say they happen by themselves: it tells how a workflow runs, step by step, not work to compile", auto, steps)
	}
	if ev := b.routine(doc, sig); ev != "" {
		// "# Task Completion Checklist" over "## Before Committing Any
		// Changes": checks run again for every change, never done once.
		return fmt.Sprintf("its title %q and %s say it is a routine, gone through again for every change, and no box in it records a pass: its %s are steps to repeat, not work to compile", sig.title, ev, unitsWord(best))
	}
	if sec := b.unitSection(doc, best); best.Name == "headings" && (historySection(sec) || strings.HasSuffix(normalHeading(sec), " history") ||
		// "## What Was Accomplished" over "### Session 1: Fixed plan
		// rendering": a session's record.
		slices.Contains([]string{"what was accomplished", "accomplishments", "what was done", "what was built", "work completed", "completed work"}, normalHeading(sec)) ||
		// "## Durchgeführte Schritte zur Behebung": the steps carried out.
		hasAnyPrefix(normalHeading(sec), []string{"durchgeführte ", "pasos realizados", "étapes réalisées", "passos realizados", "etapas realizadas"})) {
		// "## Slice history" over "### G1 — baseline (commit
		// 55cf91ea)": a record of the work done, slice by slice.
		return fmt.Sprintf("the units the closest reading finds are under %q: a record of work done, not work to compile", sec)
	}
	if sec := b.unitSection(doc, best); best.Name == "headings" && (normalHeading(sec) == "decisions" || normalHeading(sec) == "design decisions" || normalHeading(sec) == "key decisions") {
		// OpenSpec's design.md: "## Decisions" over "### D1. Shape-A":
		// what was decided, not work.
		return fmt.Sprintf("the units the closest reading finds are under %q: decisions a design records, not work to compile", sec)
	}
	if criteriaHeading(sig.title) && !b.checklistUnderWay(doc) {
		// "# Production Smoke Checklist": every box in it is a check to
		// run by hand, whatever sections group them. One whose boxes
		// are partly ticked is being worked through, as a plan is.
		return fmt.Sprintf("its title %q says it is a checklist of checks: its %s say what to verify, not work to do", sig.title, unitsWord(best))
	}
	if best.criteria {
		return fmt.Sprintf("its only checkboxes (from line %d) stand under criteria headings: they say what must hold once the work is done, and no heading, item or row names work to do", best.First[0])
	}
	if sig.titleKind == "a report" && sig.kind == "a report of work done" && !sig.planned && best.Name == "items" && hasCheckbox(b.src) {
		// "# Bug Verification" over "## Test Results" and boxes of
		// regression, code review and deployment checks: a record of
		// the checks run, its title and its sections agree.
		return fmt.Sprintf("its title %q says it is %s, and its sections (%s) report work done: its checkboxes record checks made, not work to compile", sig.title, sig.titleKind, strings.Join(sig.evidence, ", "))
	}
	if sig.titleKind != "" && !sig.planned && best.Name == "items" && hasCheckbox(b.src) {
		// A "Testing Guide" whose boxes are all under checklists and
		// kinds of testing ("Edge Case Testing"): test cases to run.
		if n, _ := b.boxesOutside(doc, func(t string) bool { return criteriaHeading(t) || testingHeading(t) }); n == 0 {
			return fmt.Sprintf("its title %q says it is %s, and its checkboxes (from line %d) all stand under checklists or kinds of testing: checks to run, not work", sig.title, sig.titleKind, best.First[0])
		}
	}
	if sig.titleKind == "a tutorial or example" && !sig.planned && best.Name == "items" && strings.Contains(best.Declare, " under ") && guideSteps(normalHeading(declaredSection(best.Declare))) {
		// "# CODE_OPTIMIZATION_GUIDE.md" ending in "## 🚀 实施步骤"
		// (implementation steps) and its five numbered steps: what the
		// guide tells its reader to do.
		return fmt.Sprintf("its title %q says it is %s, and the only work the closest reading finds is the steps under %q: what the guide tells its reader to do, not work to compile", sig.title, sig.titleKind, declaredSection(best.Declare))
	}
	if (sig.titleKind == "a tutorial or example" || sig.titleKind == "a guide to standards") && !sig.planned && best.Name == "items" && !strings.Contains(best.Declare, "{n}") {
		// "# Ejemplos Prácticos de Migración" ending in a "Checklist de
		// Migración por Componente": boxes for the reader to tick as they
		// apply the examples, not work of the document's own.
		what := "checkboxes (from line %d) are for a reader to tick as they follow it"
		if !strings.Contains(best.Declare, "[ ]") {
			what = "items (from line %d) are for a reader to follow"
		}
		return fmt.Sprintf("its title %q says it is %s, and nothing in it speaks of work to do: its "+what, sig.title, sig.titleKind, best.First[0])
	}
	if procedureTitle(sig.title) && !sig.planned {
		// "# Breach Notification Response Plan" over "## Decision tree":
		// what to do each time it happens.
		return fmt.Sprintf("its title %q names a standing procedure: its %s are followed each time it is needed, not work to compile", sig.title, unitsWord(best))
	}
	if sig.kind == "a README" && !sig.planned && !planTitle(sig.title) && distinctHeads(sig.evidence) >= 2 && best.Name == "items" && strings.Contains(best.Declare, "[ ]") {
		// "# xline-client" with "## Features", "## Getting Started" and
		// "## Supported APIs" over 47 boxes: what the library supports.
		return fmt.Sprintf("it reads as a README (%s), and its checkboxes say what the project supports or has done, not work to compile", strings.Join(sig.evidence, ", "))
	}
	if sig.kind == "a how-to or reference" && distinctHeads(unnumbered(sig.evidence)) >= 3 && best.Name == "items" && strings.Contains(best.Declare, "[ ]") &&
		// Not "# Laravel Boost v2: Agent Skills PRD", whose "Problem"
		// and "Solution" sections lead to a timeline of work.
		!hasAnyWord(sig.title, []string{"prd", "product requirements"}) {
		// "# План внедрения" (an implementation plan, the topic) over
		// "## Когда Использовать", "## Типичные Ошибки" and "##
		// Анти-Паттерны", its checklist for each reader: a guide.
		return fmt.Sprintf("it reads as a how-to or reference (%s), and its checkboxes are a checklist for each reader, not work to compile", strings.Join(sig.evidence, ", "))
	}
	if line, ok := sig.heads["rules"]; ok && best.level == 1 && best.Units == 1 && (best.Name == "phases" || best.Name == "headings") && !sig.planned && !hasCheckbox(b.src) {
		// "# Phase 1: Scaffolding" over "## Rules" and "## Exit
		// criteria": what the phase means for every library that goes
		// through it, not a unit of work.
		return fmt.Sprintf("its one unit is its title, over a section of rules (line %d) and no task or checkbox: it says how that stage is done each time, not work to compile", line)
	}
	if lead := b.gateLead(doc); lead != "" && best.Name == "items" && strings.Contains(best.Declare, "[ ]") && !sig.planned {
		// "Before merging any change:" over "- [ ] No new Any in public
		// signatures": checks made each time, not work done once.
		return fmt.Sprintf("its only checkboxes follow %q: checks made each time, not work to compile", lead)
	}
	if n, line := b.exerciseHeads(doc); n >= 2 && !sig.planned && (best.Name == "headings" || best.Name == "phases") {
		// "### Exercise 1: Implement exceptions from effects ★☆☆☆☆"
		// between "## 1. Algebraic Effects" and "### 1.1. Recovering
		// from errors": a course's chapters, and exercises for its
		// reader.
		return fmt.Sprintf("it sets its reader %d exercises (the first at line %d): it is course material, and its %s are its chapters, not work to compile", n, line, unitsWord(best))
	}
	if sig.titleKind == "an agent's prompt" && !sig.planned {
		// "# Conductor Release Testing Agent Prompt" over "## 🧪 Phase
		// 1: Installation" and "### 1.1 Install": what an agent does
		// each time it is run.
		return fmt.Sprintf("its title %q says it is %s: its %s are what the agent does each time it runs, not work to compile", sig.title, sig.titleKind, unitsWord(best))
	}
	if sig.titleKind != "" && !sig.planned && best.Name != "phases" && best.Name != "headings" && best.Name != "items" {
		return fmt.Sprintf("its title %q says it is %s, and nothing in it speaks of work to do: the %s the closest reading finds record or explain, they do not plan", sig.title, sig.titleKind, unitsWord(best))
	}
	if sig.titleKind == "a report" && (best.Name == "headings" || best.Name == "items" || best.Name == "list") && !hasAnyWord(sig.title, ownPlanWords) {
		sec := b.unitSection(doc, best)
		if best.Name != "headings" {
			// "# ✅ 데이터베이스 개선 완료 보고서" (completion report)
			// over "## 🎯 완료된 작업" (work done) and its numbered files.
			sec = declaredSection(best.Declare)
		}
		if sec != "" && doneWorkSection(sec) {
			// "# OpenSpec 实现验证报告" (verification report) over "##
			// Tasks 完成情况统计" (how the tasks stand) and its "### 1.
			// 基础设施层": the work it audits, however its headings
			// speak of tasks.
			return fmt.Sprintf("its title %q says it is %s, and the units the closest reading finds are under %q, a section of work already done", sig.title, sig.titleKind, sec)
		}
	}
	if sig.titleKind == "a report" && best.Name == "headings" && !hasAnyWord(sig.title, ownPlanWords) && b.unitsStateResults(doc, best.level, best.Units) {
		// "# Phase 0 — Report" over "## Spike A" and "**Result:** PASS":
		// each unit says how it came out, whatever its next steps plan.
		return fmt.Sprintf("its title %q says it is %s, and each unit the closest reading finds states its result (\"Result:\"): work reported, not work to compile", sig.title, sig.titleKind)
	}
	if sig.titleKind != "" && !sig.planned && (best.Name == "phases" || best.Name == "headings") {
		sec := b.unitSection(doc, best)
		var releases []string
		if sig.titleKind == "a changelog" {
			releases = b.releaseSections(doc)
		}
		switch {
		case best.Name == "headings" && (stepsWord(best) || b.stepHeadings(doc) >= 2) && !b.scheduledPhases(doc):
			return fmt.Sprintf("its title %q says it is %s, and nothing in it speaks of work to do: its steps are for a reader to follow", sig.title, sig.titleKind)
		case sig.titleKind == "a tutorial or example" && best.Name == "headings" && hasAnyPrefix(strings.ToLower(sig.title), []string{"example walkthrough", "example session", "annotated example", "worked example", "walkthrough:", "example:"}) && !hasCheckbox(b.src) && !b.scheduledPhases(doc):
			// "# Example Walkthrough: Literature-Based Research Question"
			// over "## Cycle 1: First Literature Search": the stages of a
			// session it shows, not work to do.
			return fmt.Sprintf("its title %q says it is %s, and nothing in it speaks of work to do: its %s are the stages of the example it walks through", sig.title, sig.titleKind, unitsWord(best))
		case best.Name == "phases" && !b.phaseMarked(doc, best.level):
			return fmt.Sprintf("its title %q says it is %s, and the closest reading finds no units of work, only phase headings", sig.title, sig.titleKind)
		case sec != "" && designSection(sec):
			return fmt.Sprintf("its title %q says it is %s, and the units the closest reading finds are under %q, a section that describes a design, not work", sig.title, sig.titleKind, sec)
		case sec != "" && sig.titleKind == "a report" && doneWorkSection(sec):
			// "# Feature 05: Dark Mode — Implementation Summary" over "##
			// Những gì đã thực hiện" (what was done) and its "### Task 1".
			return fmt.Sprintf("its title %q says it is %s, and the units the closest reading finds are under %q, a section of work already done", sig.title, sig.titleKind, sec)
		case best.level == 1 && best.Units == 1:
			// "# Day 0: Speckit開発ワークフロー全体像": a handout whose
			// one unit is its own title.
			return fmt.Sprintf("its title %q says it is %s, and the only unit the closest reading finds is that title", sig.title, sig.titleKind)
		case howToTitle(sig.title):
			// "# Troubleshoot Compactor Backlog" over "## Detect the
			// backlog", "## Solutions": how to do something, for every
			// reader, whatever the thing is called.
			return fmt.Sprintf("its title %q tells how to do something: it is a guide, and its %s are for every reader to follow, not work to compile", sig.title, unitsWord(best))
		case len(releases) >= 2:
			// "# Changelog" over "## [1.2.1] - 2026-02-21" and its "###
			// Added": releases made, each a record of what shipped.
			return fmt.Sprintf("its title %q says it is %s, and its sections read as one (%s): its %s are releases made, not work to do", sig.title, sig.titleKind, strings.Join(releases[:min(len(releases), 3)], ", "), unitsWord(best))
		case reportKind(sig.titleKind):
			// "# Task 8 报告：文档更新" over "## 1. README.md（六处）",
			// "# M1–M4 Closeout Audit" over "### 1.1 §6 merge
			// semantics": what was done, or found, section by section.
			return fmt.Sprintf("its title %q says it is %s, and nothing in it speaks of work to do: its %s record what was done or found", sig.title, sig.titleKind, unitsWord(best))
		}
	}
	if reportKind(sig.titleKind) && !sig.planned && best.Name == "items" && strings.Contains(best.Declare, "[ ]") {
		switch checked, unchecked := b.boxTotals(doc); {
		case unchecked == 0 && checked >= 2:
			// "# V1 acceptance" over "## 1. Desktop E2E — completed"
			// and seventeen ticked boxes of evidence: checks passed.
			return fmt.Sprintf("its title %q says it is %s, and every one of its %d checkboxes is ticked: a record of what was checked or done, not work to do", sig.title, sig.titleKind, checked)
		case checked == 0 && unchecked >= 10 && best.Declare == `units: "- [ ] {title}"`:
			// "# Project Report" over "## Module #1: Container Manager"
			// and twenty-eight open boxes: a report's form, its rubric
			// to tick, not work.
			return fmt.Sprintf("its title %q says it is %s, and none of its %d checkboxes is ticked: a report's form or rubric to fill in, not work to do", sig.title, sig.titleKind, unchecked)
		}
	}
	if best.Name == "items" && best.Declare == `units: "- [ ] {title}"` {
		if n, distinct := b.boxTitles(doc); n >= 12 && distinct*3 <= n {
			// "- [x] Init", "- [x] Edit", "- [x] Create API" under each
			// of nine hooks: a matrix of options ticked, not work.
			return fmt.Sprintf("its %d checkboxes repeat the same %d titles: they tick options in a matrix or a form, not work to do", n, distinct)
		}
	}
	if best.Name == "items" && logTitle(sig.title) {
		if n := b.datedSections(doc); n >= 2 {
			checked, unchecked := 0, 0
			var first Pos
			b.countBoxes(doc, &checked, &unchecked, &first)
			if checked > 0 && checked >= 4*unchecked {
				// "# 开发日志" over "## 2026-07-10" and "### 已完成": what
				// was done each day, its few open boxes done the next.
				return fmt.Sprintf("its title %q says it is a log, its %d level-2 sections are titled by dates, and %d of its %d checkboxes are ticked: a record of work done day by day, not work to do", sig.title, n, checked, checked+unchecked)
			}
		}
	}
	if upgradeGuideTitle(sig.title) && !hasCheckbox(b.src) && best.Name == "items" && strings.Contains(best.Declare, " under ") && guideSteps(normalHeading(declaredSection(best.Declare))) {
		// "# Upgrading IslandJS Rails" over "### Upgrade Steps": what
		// each user does to move to the new version, as an install
		// guide's steps are.
		return fmt.Sprintf("its title %q says it guides a user's upgrade, and the only work the closest reading finds is the steps under %q: what each reader does, not work to compile", sig.title, declaredSection(best.Declare))
	}
	if courseTitle(sig.title) && !hasCheckbox(b.src) && best.Name == "headings" && courseUnits(best.Declare) {
		// "# Intro to Biology — Course Syllabus" over "## Unit 1:
		// Cells", "# Japan Trip Itinerary" over "## Day 1: Tokyo":
		// lessons or days to go through, no work tracked.
		return fmt.Sprintf("its title %q names a course or an itinerary, and nothing in it tracks work: its %s are lessons or days to go through, not work to compile", sig.title, unitsWord(best))
	}
	if decisionLogTitle(sig.title) && !hasUncheckedBox(b.src) && b.unitWordHeadings(doc) == 0 {
		// "# Decision log" over "## D1 — Build the loop from
		// primitives" and its rejected alternative: what was decided.
		return fmt.Sprintf("its title %q says it is a decision log: its %s are decisions taken, each with its reasons, not work to compile", sig.title, unitsWord(best))
	}
	if deliveryTitle(sig.title) && !hasUncheckedBox(b.src) && hasCheckbox(b.src) && !b.openSaid(doc) {
		// "# 现代截图工具 - 项目交付清单" over "- [x] 区域截图" and "✓
		// Program.cs": what was handed over, every box ticked.
		return fmt.Sprintf("its title %q says it lists what was delivered, and every checkbox in it is ticked: a record of work handed over, not work to do", sig.title)
	}
	if best.level >= 2 && progressTitle(sig.title) && !planTitle(sig.title) && !hasUncheckedBox(b.src) {
		if done, open := b.markedHeads(doc, best.level); done >= 2 && open == 0 {
			// "# InkMon Plugin 开发进度追踪" over "## 第一阶段：… ✅ 已完成"
			// and "## 第二阶段：… ✅ 已完成", nothing marked open: what
			// was done, tracked to its end.
			return fmt.Sprintf("its title %q says it tracks progress, and its %d level-%d sections marked with a status all say done, with no box left open: a record of work done, not work to do", sig.title, done, best.level)
		}
	}
	if best.Name == "headings" && best.level >= 2 {
		if n, past := b.datedLog(doc, best.level); n >= 2 {
			// "## 2026-03-18" over "- Started issue #34305", "- Added
			// regression coverage": what was done each day.
			return fmt.Sprintf("its %d level-%d sections are titled by dates and %d of their items say what was done (\"Added …\", \"Fixed …\"): a log, not work to do", n, best.level, past)
		}
	}
	if reportKind(sig.titleKind) && !sig.planned && strings.HasPrefix(best.Declare, `units: "- {title}`) {
		// "# ROADMAP review (End of June '20)" over "### Relevant
		// documents" and their links: what the report cites.
		return fmt.Sprintf("its title %q says it is %s, and the only units the closest reading finds are plain bullets, with no checkbox: what it records or cites, not work to do", sig.title, sig.titleKind)
	}
	if reportKind(sig.titleKind) && !sig.planned && best.Name == "items" && strings.Contains(best.Declare, "[ ]") {
		if n, _ := b.boxesOutside(doc, func(t string) bool { return criteriaHeading(t) || horizonTitle(t) || testSection(t) }); n == 0 {
			// "# Streak 功能实现完成报告" whose boxes all stand under "###
			// V1.1 - 短期优化" and "## ✅ 验收清单": what may come next,
			// and the checks the work passed; "## 🐛 测试建议": the tests
			// it suggests.
			return fmt.Sprintf("its title %q says it is %s, and its checkboxes all stand under its sections on what may come later, on testing or under criteria: a report's word on what may come next, not a plan", sig.title, sig.titleKind)
		}
	}
	if reportKind(sig.titleKind) && !sig.planned && best.Declare == "format: horizons" && best.Name == "items" {
		// "# 実装完了サマリー" ending in "## 今後の拡張可能性" over "###
		// 短期的な機能拡張" and "### 長期的な機能拡張": a report's word
		// on what may come next.
		return fmt.Sprintf("its title %q says it is %s, and the only work the closest reading finds is the bullets of its sections on what may come later: a report's word on what may come next, not a plan", sig.title, sig.titleKind)
	}
	if reportKind(sig.titleKind) && !sig.planned && best.Declare == "format: status-lists" {
		// "# Phase 6 Completion Handoff" over "## What Was Delivered"
		// and "## Immediate Next Steps": what a report records, and
		// what it suggests.
		return fmt.Sprintf("its title %q says it is %s, and the only work the closest reading finds is the bullets of sections that say how their work stands: what it records, and what it suggests next", sig.title, sig.titleKind)
	}
	if reportKind(sig.titleKind) && !sig.planned && best.Name == "items" {
		if sec := declaredSection(best.Declare); recordedWork(sec) {
			what := "what it records as delivered"
			if readerSteps(sec) {
				what = "what its reader does to take up the work it reports"
			}
			// "# Phase 6 - Completion Report" over "## Deliverables" and
			// its numbered items: what the phase delivered.
			return fmt.Sprintf("its title %q says it is %s, and the only work the closest reading finds is the items of its %q: %s, not work to do", sig.title, sig.titleKind, sec, what)
		}
	}
	if sig.titleKind == "a changelog" && best.Name == "items" && strings.Contains(best.Declare, " under ") {
		// "# Release Notes - V3.2" with a "## 🗺️ Roadmap Update"
		// checklist: what shipped, and a word on what comes next.
		return fmt.Sprintf("its title %q says it is %s, and the only work the closest reading finds is the items of one of its sections: release notes' word on what comes next, not a plan", sig.title, sig.titleKind)
	}
	if sec := declaredSection(best.Declare); sig.titleKind == "a design document" && !sig.planned && best.Name == "items" && strings.Contains(best.Declare, " under ") && !slices.Contains(workHeadings, normalHeading(sec)) &&
		// "## 3. 実装計画" (implementation plan) of a design doc: its plan.
		!containsAny(strings.ToLower(sec), foreignWorkWords) {
		// "# ADR 001: Quint Transpiler Architecture" over "## 2. Task
		// List and Task Scheduler" and its numbered use cases: what the
		// design describes, not work.
		return fmt.Sprintf("its title %q says it is %s, and the only work the closest reading finds is the items under %q, a section of the design, not a plan of work", sig.title, sig.titleKind, declaredSection(best.Declare))
	}
	if sig.kind == "a design document" && !sig.planned && best.Name == "headings" {
		if sec := b.unitSection(doc, best); sec != "" && designSection(sec) {
			// "# Proposal" over "## Resolution algorithm" and its "###
			// Step 1. Perform context declaration search": the steps of
			// what the design describes, not work.
			return fmt.Sprintf("it reads as a design document (%s), and its %s stand under %q, a section of the design: the steps of what it describes, not work to compile", strings.Join(sig.evidence, ", "), unitsWord(best), sec)
		}
	}
	if best.Name == "items" && strings.Contains(best.Declare, "[ ]") && prFormWords(b.src) {
		if n, _ := b.boxesOutside(doc, prFormHeading); n == 0 && len(best.First) > 0 {
			// "#### 💻 变更类型 | Change Type" over "- [ ] feat", "- [x]
			// fix": a pull request's form, its boxes the kinds of change
			// ticked.
			return fmt.Sprintf("its checkboxes all stand under %q, a pull request's list of change types: options ticked to describe a change, not work to compile", b.sectionAbove(doc, best.First[0]))
		}
	}
	if best.Name == "items" && strings.Contains(best.Declare, "[ ]") {
		if n, line := b.answerLists(doc); n >= 3 {
			// "What industry do you work in? *Select multiple*" over
			// "- [ ] Automotive", "- [ ] Aerospace": a survey's
			// questions, its boxes the answers to tick.
			return fmt.Sprintf("its checkbox lists follow questions (%d of them, the first at line %d): the boxes are answers to tick, a questionnaire's options, not work to compile", n, line)
		}
	}
	if best.Name == "items" && strings.Contains(best.Declare, "[ ]") {
		if q, boxes, ticked, line := b.questionBoxes(doc); q >= 6 && 4*q >= 3*boxes && ticked == 0 {
			// "- [ ] Funktionen logisch gruppiert?", "- [ ] Edge Cases
			// berücksichtigt?": a review's questions, asked again at
			// every review, none ever ticked.
			return fmt.Sprintf("%d of its %d checkboxes are questions (the first at line %d), and none is ticked: a review checklist asked each time, not work to compile", q, boxes, line)
		}
	}
	if head, line, role := b.roleSection(doc); role != "" {
		// "## AI ROLE" over "You are a **Tech Lead**. Transform a PRD
		// into a plan.": the prompt an agent runs each time, whatever
		// phases its algorithm has.
		return fmt.Sprintf("its section %q (line %d) tells an agent who it is (%q): it is an agent's prompt, and its %s say how the agent works, not work to compile", head, line, role, unitsWord(best))
	}
	if tag := promptElement(b.src); tag != "" {
		// "<execution domain=\"project-management\">" around the whole
		// document: an agent's role prompt, its lists the rules it runs
		// by.
		return fmt.Sprintf("the document is an agent's prompt, wrapped in <%s>: its %s say how the agent works, not work to compile", tag, unitsWord(best))
	}
	if line, tags, fills, first := b.templateTags(doc); tags >= 2 && fills >= 3 {
		// "{% if attempt %}" and "Title: {{ issue.title }}" in its text:
		// a prompt template, rendered for every ticket it is given.
		return fmt.Sprintf("its text holds %d template tags (the first at line %d) and %d placeholders to fill (%q): it is a template rendered each time it is used, and its %s say how to work, not work to compile", tags, line, fills, first, unitsWord(best))
	}
	if line, word := b.argumentsPlaceholder(doc); line > 0 {
		// "# Process Simone Task based on $Argument", "<$ARGUMENTS> ⇒
		// Task ID": a slash command's prompt, filled in each time an
		// agent runs it; its steps are no work to compile.
		return fmt.Sprintf("its text takes %q (line %d), the placeholder an agent's command fills in each time it runs: its %s are the command's steps, not work to compile", word, line, unitsWord(best))
	}
	if line := sig.heads["parameters"]; line > 0 {
		if n := bytes.Count(b.src, []byte("You MUST")) + bytes.Count(b.src, []byte("You SHOULD")); n >= 5 {
			// "## Parameters" and "You MUST ask for all required
			// parameters": an agent's standing procedure (an SOP), run
			// each time it is invoked; its steps are no work to compile.
			return fmt.Sprintf("its section \"Parameters\" (line %d) and its %d \"You MUST\" and \"You SHOULD\" rules say it is an agent's standing procedure, run each time it is invoked: its %s are its steps, not work to compile", line, n, unitsWord(best))
		}
	}
	if hasAnyWord(sig.title, []string{"template"}) && !endsWithPlanWord(sig.title) {
		if n, first := b.emptyFields(doc); n >= 3 {
			// "AsyncAPI Webinar Planning Template" over "- Webinar
			// Title:", "- Date & Time:": a form to copy and fill in.
			return fmt.Sprintf("its title %q calls it a template, and %d of its items are fields left empty to fill in (the first %q): its %s are for each copy, not work to compile", sig.title, n, first, unitsWord(best))
		}
	}
	if line := sig.heads["breaking changes"]; line > 0 && !sig.planned && slices.Contains([]string{"new features", "features", "what's new", "highlights"}, normalHeading(declaredSection(best.Declare))) {
		// "## Breaking Changes", then "## New Features" over "### 1. LTX
		// Format": a release's notes, and what it shipped.
		return fmt.Sprintf("its section \"Breaking Changes\" (line %d) says it is a release's notes, and the only work the closest reading finds is under %q: what the release shipped, not work to do", line, declaredSection(best.Declare))
	}
	if sec := declaredSection(best.Declare); slices.Contains([]string{"key features", "features", "features implemented", "features delivered"}, normalHeading(sec)) {
		// "## Files Created", then "## Key Features" over "### Incremental
		// Caching": what the change does, described once it was made.
		if head, line := b.firstHead(doc, sig, doneWorkSection); line > 0 {
			return fmt.Sprintf("its section %q (line %d) reports work done, and the only work the closest reading finds is under %q: the features of the change it reports, not work to do", head, line, sec)
		}
	}
	if sig.titleKind == "a design document" && workUnits(best) && strings.Contains(strings.ToLower(best.Declare), " story {n}") && !hasCheckbox(b.src) {
		// "# RFC: Implode Command" with "## User Stories" over "### Story
		// 1: Interactive Uninstall" and a terminal session: how the
		// design is used, not work.
		if sec := b.unitSection(doc, best); normalHeading(sec) == "user stories" {
			return fmt.Sprintf("its title %q says it is %s, and its units are the stories of its section %q, and it has no checkbox: how the design is used, not work to compile", sig.title, sig.titleKind, sec)
		}
	}
	if line := sig.heads["prerequisites"]; line > 0 && sig.titleKind == "a tutorial or example" && hasAnyWord(sig.title, []string{"install", "installation", "install.md", "setup guide", "安装指南", "インストール"}) {
		// "# INSTALL.md — Manual Install Guide (v0.1)" with "###
		// Prerequisites", over "## Phase 1 — Visibility" and "### Steps":
		// how each reader installs it.
		return fmt.Sprintf("its title %q says it is an installation guide, and its section \"Prerequisites\" (line %d) says what its reader needs: its %s are steps each reader takes, not work to compile", sig.title, line, unitsWord(best))
	}
	if lead, _, _ := strings.Cut(sig.title, ":"); hasAnyWord(lead, []string{"playbook"}) && !b.anyProgress(doc) {
		// "# Python-to-Rust Playbook" over "## Phase 3: Plan the Port"
		// and "### 3.1 Define the architecture", nothing ticked or marked:
		// the procedure every port follows, not this project's work
		// ("Feature: Meta-Playbook for ..." specifies work on one).
		return fmt.Sprintf("its title %q says it is a playbook, and nothing in it is marked done or under way: its %s are a procedure each reader follows, not work to compile", sig.title, unitsWord(best))
	}
	if sig.titleKind == "a tutorial or example" {
		// "# ARIS Trae 适配指南" with "## 2. Setup" over "### 2.1 克隆仓库":
		// the steps a guide's reader takes to set up.
		if sec := b.unitSection(doc, best); setupSection(sec) {
			return fmt.Sprintf("its title %q says it is %s, and the units the closest reading finds are under %q: the steps its reader takes to set up, not work to compile", sig.title, sig.titleKind, sec)
		}
	}
	if sig.titleKind == "a tutorial or example" && best.Units == 1 && (!sig.planned || guideLead(sig.title)) {
		// "# Guide de Gestion du Backlog" with one "### Sprint 1 :
		// Walking Skeleton": a guide's rule for a first sprint, its
		// "### Tasks" a topic it teaches.
		return fmt.Sprintf("its title %q says it is %s, and only one heading looks like a unit", sig.title, sig.titleKind)
	}
	if changeListTitle(sig.title) && !hasAnyWord(sig.title, ownPlanWords) && !hasCheckbox(b.src) && b.unitWordHeadings(doc) == 0 {
		if items, past := b.pastItems(doc); items >= 5 && 3*past >= 2*items {
			// "# Unhead Migration: Detailed Change List" over "### 1.
			// @inertiajs/core" and "Added unhead as a dependency",
			// "Updated the types": the changes made, listed.
			return fmt.Sprintf("its title %q says it lists changes, and %d of its %d list items say what was done (\"Added …\", \"Updated …\"): a record of changes made, not work to do", sig.title, past, items)
		}
	}
	if best.Declare == "format: status-lists" && !hasCheckbox(b.src) {
		if heads := b.changeHeads(doc); len(heads) >= 2 {
			// "## Changes Made" over "### Files Modified" and "###
			// Files Removed", then "### NEW Badges (🆕)": a change made,
			// told with the words of its own statuses.
			return fmt.Sprintf("its sections %s report a change made, and the only units the closest reading finds stand under sections whose titles hold a status word: a report, not a plan", strings.Join(heads, ", "))
		}
	}
	if sig.kind == "" {
		return ""
	}
	what := fmt.Sprintf("it reads as %s (%s)", sig.kind, strings.Join(sig.evidence, ", "))
	switch {
	case best.Name == "phases" && !sig.planned && !b.phaseMarked(doc, best.level) && !(len(best.First) > 0 && phasesSection(b.sectionAbove(doc, best.First[0]))):
		return what + ", and the closest reading finds no units of work, only phase headings"
	case best.Units == 1 && !sig.planned:
		return what + ", and only one heading looks like a unit"
	case (best.Name == "phases" && !b.phaseMarked(doc, best.level) || best.Name == "headings") && !b.unitsCarryWork(doc, best) && !workUnits(best) && !best.todo && (!sig.planned || distinctHeads(sig.evidence) >= 2):
		return what + ", and none of the units the closest reading finds has a task, checkbox or field under it"
	case sig.kind == "a README" && !planTitle(sig.title) && distinctHeads(sig.evidence) >= 2 && best.Name == "items" && strings.Contains(best.Declare, " under ") &&
		// Not "## Progress" over forty boxes of functions to port: a
		// port's tracker, kept in its README.
		!(normalHeading(declaredSection(best.Declare)) == "progress" && best.Units >= 10):
		// "## 🗺️ Roadmap" with three boxes between a README's Features
		// and Contributing: what the project plans, told to its readers.
		return what + ", and the only work the closest reading finds is the items of one of its sections: a README's word on what the project plans, not a plan"
	case sig.kind == "the write-up of a problem and its fix" && distinctHeads(sig.evidence) >= 2 && !sig.planned && !(best.Name == "headings" && b.unitsHoldOpenBoxes(doc, best)):
		// "## Problem", "### Symptoms", "### Root Cause", "## Fix", then
		// "## Checklist for Other Projects": what went wrong, how it was
		// fixed, and advice.
		return what + ": what went wrong and how it was fixed, not work to compile"
	case sig.kind == "a report of work done" && distinctHeads(sig.evidence) >= 2 && best.Name == "items" && len(best.First) > 0 && nextStepsHeading(b.sectionAbove(doc, best.First[0])):
		// "## What Was Implemented", "## Changes Made" ... "## Next
		// Steps": the follow-ups a report of finished work suggests.
		return what + ", and the only work the closest reading finds is the items of its \"Next Steps\": a report's suggestions, not a plan"
	}
	return ""
}

// guideSections name the sections of a guide to using a tool, beside its
// steps: what the reader needs, what to do when it fails, a summary to
// keep at hand. ("Requirements", "FAQ" and "See also" stand in plans
// too.)
var guideSections = []string{"prerequisites", "troubleshooting", "quick reference", "tips", "tips for success", "customization", "customisation", "common mistakes", "credits", "further reading"}

// guideHeads are the sections of the document that guideSections name,
// quoted with their lines, in the order of guideSections.
func (s docSignals) guideHeads() []string {
	var out []string
	for _, h := range guideSections {
		if line := s.heads[h]; line > 0 {
			out = append(out, fmt.Sprintf("%q (line %d)", h, line))
		}
	}
	return out
}

// endsWithPlanWord reports a title whose last word names a plan of its own
// ("CrewAI Agent Template Implementation Plan"): the template is the work
// it plans, not what the document is.
func endsWithPlanWord(title string) bool {
	f := strings.Fields(strings.ToLower(strings.TrimRightFunc(title, func(r rune) bool { return !unicode.IsLetter(r) })))
	return len(f) > 1 && slices.Contains(ownPlanWords, f[len(f)-1])
}

// phaseMarked reports phase headings at level of which one at least says
// its work is done or under way ("## Phase 2 — corpus import — DONE") and
// one at least is not done: phases tracked as work, whatever else the
// document holds.
func (b *builder) phaseMarked(doc ast.Node, level int) bool {
	marked, open := false, false
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		if !ok || h.Level != level {
			continue
		}
		if sh := readShape(b.trimmedText(h)); sh.kind == shapePhase {
			_, done, progress, _ := headingMarkers(sh.rest)
			marked = marked || done != "" || progress != ""
			open = open || done == ""
		}
	}
	// Every phase done ("# OAuth — ALL PHASES COMPLETE!"): a record of
	// the work as much as a plan of it; the other signals say which.
	return marked && open
}

// logWords are the words of a title that names a log of the work.
var logWords = []string{"dev log", "devlog", "development log", "work log", "worklog", "progress log", "engineering log", "build log", "journal",
	"开发日志", "開發日誌", "工作日志", "工作日誌", "作業ログ", "作業日誌", "開発ログ", "開発日誌", "개발 일지", "개발일지", "작업 일지", "작업일지"}

// logTitle reports a title that names a log of the work ("# 开发日志",
// "# Development Log").
func logTitle(title string) bool {
	t := strings.ToLower(title)
	return slices.ContainsFunc(logWords, func(w string) bool {
		k := strings.Index(t, w)
		if k < 0 {
			return false
		}
		// A word of its own: not "Journaling App".
		before, _ := utf8.DecodeLastRuneInString(t[:k])
		after, _ := utf8.DecodeRuneInString(t[k+len(w):])
		return !(k > 0 && unicode.IsLetter(before) && before < 0x2E80) && !(k+len(w) < len(t) && unicode.IsLetter(after) && after < 0x2E80)
	})
}

// changeListTitle reports a title that names a list of changes ("Detailed
// Change List", "Summary of Modifications").
func changeListTitle(title string) bool {
	if hasAnyWord(title, []string{"proposed", "planned", "upcoming", "pending"}) {
		return false
	}
	return hasAnyWord(title, []string{"change list", "changes list", "list of changes", "changes made", "modifications"}) ||
		containsAny(title, []string{"变更清单", "修改清单", "変更一覧", "변경 목록"})
}

// changeVerbs are the verbs in the past a record of changes opens its
// items with.
var changeVerbs = []string{"added", "updated", "removed", "deleted", "fixed", "renamed", "refactored", "replaced", "created", "moved",
	"exported", "imported", "ensured", "modified", "changed", "converted", "extracted", "implemented", "introduced", "migrated",
	"rewrote", "rewritten", "split", "merged", "dropped", "bumped", "upgraded", "deprecated", "verified", "rebuilt", "set", "wrapped", "tightened", "simplified", "switched"}

// pastItems counts the list items of the document that hold no list of
// their own (a label over its items is not counted), and those whose
// first word is a verb in the past ("Added", "Updated").
func (b *builder) pastItems(doc ast.Node) (items, past int) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Kind() != ast.KindListItem || n.FirstChild() == nil {
			return ast.WalkContinue, nil
		}
		if l := n.LastChild(); l != n.FirstChild() && l.Kind() == ast.KindList {
			return ast.WalkContinue, nil
		}
		items++
		text := strings.TrimLeft(plainText(n.FirstChild(), b.src), "*_ ")
		if f := strings.Fields(text); len(f) > 0 && slices.Contains(changeVerbs, strings.ToLower(strings.TrimRight(f[0], ":*,"))) {
			past++
		}
		return ast.WalkContinue, nil
	})
	return items, past
}

// changeHeads returns the headings that report a change made ("What
// Changed", "Changes Made", "Files Modified", "Files Removed"), quoted with
// their lines.
func (b *builder) changeHeads(doc ast.Node) []string {
	var out []string
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		if !ok || h.Level < 2 {
			continue
		}
		text := b.trimmedText(h)
		switch normalHeading(text) {
		case "what changed", "changes made", "files modified", "files removed", "files added", "new files added", "files created", "files deleted":
			out = append(out, fmt.Sprintf("%q (line %d)", text, b.p.Position(b.blockStart(h)).Line))
		}
	}
	return out
}

// courseTitle reports a title whose last words name a course or a trip:
// "Intro to Biology — Course Syllabus", "Japan Trip Itinerary", "课程".
func courseTitle(title string) bool {
	t := strings.ToLower(strings.TrimRightFunc(title, func(r rune) bool { return !unicode.IsLetter(r) }))
	if hasAnyPrefix(t, []string{"study notes:", "study guide:", "lecture notes:", "exam review:", "course notes:"}) {
		return true // "Study notes: Linear Algebra"
	}
	return slices.ContainsFunc([]string{"syllabus", "curriculum", "course outline", "itinerary", "lessons", "study guide", "exam review", "study notes", "revision notes", "lecture notes", "course notes", "课程", "课程大纲", "教学大纲", "シラバス", "カリキュラム", "커리큘럼", "temario"}, func(w string) bool {
		return t == w || strings.HasSuffix(t, " "+w) || w[0] >= 0x80 && strings.HasSuffix(t, w)
	})
}

// courseUnits reports a reading whose units are headings named by a
// lesson's or a day's word: "## Unit {n}: {title}", "## Day {n}: {title}".
func courseUnits(declare string) bool {
	pat := strings.ToLower(strings.TrimLeft(strings.TrimPrefix(declare, `units: "`), "# "))
	return slices.ContainsFunc([]string{"unit {n}", "lesson {n}", "day {n}", "week {n}", "module {n}", "chapter {n}"}, func(w string) bool { return strings.HasPrefix(pat, w) })
}

// decisionLogTitle reports a title whose head noun names a log of
// decisions: "Decision log", "Architecture Decisions", "决策记录".
func decisionLogTitle(title string) bool {
	t := strings.ToLower(strings.TrimRightFunc(title, func(r rune) bool { return !unicode.IsLetter(r) }))
	return slices.ContainsFunc([]string{"decision log", "decisions log", "decision record", "decision records", "decision register", "decisions", "决策记录", "决策日志", "決策記錄", "意思決定ログ", "決定事項", "의사결정 기록", "registro de decisiones", "registro de decisões", "journal des décisions", "entscheidungsprotokoll"}, func(w string) bool {
		return t == w || strings.HasSuffix(t, " "+w) || strings.HasPrefix(t, w+" ") && !strings.Contains(t, " and ") || w[0] >= 0x80 && strings.Contains(t, w)
	}) && !hasAnyWord(title, []string{"tasks", "task", "milestones", "plan", "roadmap"})
}

// unitWordHeadings counts the headings that name a unit or a phase by its
// word ("## Task 1: Write the template", "## Milestone 2"), not by a short
// letter id ("## D1 — SQLite").
func (b *builder) unitWordHeadings(doc ast.Node) int {
	n := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level >= 2 {
			if sh := readShape(b.trimmedText(h)); sh.kind != shapeOther && !sh.short {
				n++
			}
		}
	}
	return n
}

// openSaid reports whether a heading or a list item says its work is not
// done: "## 阶段三：待开发", "- 月度报表导出（未开始）".
func (b *builder) openSaid(doc ast.Node) bool {
	found := false
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || found {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if st := sectionState(b.trimmedText(n)); st == StatusOpen || st == StatusInProgress {
				found = true
			}
		case *ast.ListItem:
			if n.FirstChild() == nil {
				return ast.WalkContinue, nil
			}
			t := strings.TrimSpace(plainText(n.FirstChild(), b.src))
			if k := strings.LastIndexAny(t, "(（"); k >= 0 {
				if r := readStatus(strings.Trim(t[k:], "()（） ")); r.known && (r.status == StatusOpen || r.status == StatusInProgress) {
					found = true
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return found
}

// deliveryTitle reports a title that names a list of what was delivered
// ("项目交付清单", "Delivery Summary").
func deliveryTitle(title string) bool {
	t := strings.ToLower(title)
	return slices.ContainsFunc([]string{"交付清单", "交付清單", "交付物清单", "交付报告", "交付報告", "交付总结", "交付總結", "納品物一覧", "納品書", "delivery report", "delivery summary", "deliverables summary"}, func(w string) bool { return strings.Contains(t, w) })
}

// progressTitle reports a title that names a tracker of progress
// ("# σ₅: Progress Tracker", "# InkMon Plugin 开发进度追踪").
func progressTitle(title string) bool {
	t := strings.ToLower(title)
	return slices.ContainsFunc([]string{"progress tracker", "progress tracking", "progress record", "进度追踪", "进度跟踪", "进度记录", "進度追蹤", "進捗管理", "進捗記録", "진행 상황"}, func(w string) bool { return strings.Contains(t, w) })
}

// markedHeads counts the headings at level whose markers say done, and
// the headings of units or phases ("## Phase 3: Billing") that no marker
// says done; other headings ("## 版本历史") count in neither.
func (b *builder) markedHeads(doc ast.Node, level int) (done, open int) {
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		if !ok || h.Level != level {
			continue
		}
		sh := readShape(b.trimmedText(h))
		_, d, _, _ := headingMarkers(sh.lead + " " + sh.rest)
		switch {
		case d != "":
			done++
		case sh.word != "" || sh.id != "":
			// "## Phase 3: Billing ⏳ Pending", "## Phase 4: Export": a
			// unit's heading not marked done.
			open++
		}
	}
	return done, open
}

// datedSections counts the document's level-2 sections when every one of
// them opens its title with a date ("## 2026-07-12 (续四) — 项目完成"), 0
// when one does not.
func (b *builder) datedSections(doc ast.Node) int {
	n := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == 2 {
			if !isoDateLeadRE.MatchString(b.trimmedText(h)) {
				return 0
			}
			n++
		}
	}
	return n
}

// isoDateLeadRE is a date that opens a text: "2026-07-12", "2026/07/12".
var isoDateLeadRE = lazyMustCompile(`^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b`)

// datedLog reports a log by date: every heading at level is a date, with
// no checkbox in the document, and half or more of the list items under
// them open with a verb in the past ("Added", "Fixed", "Investigated").
// It returns the headings and the items in the past, or 0.
func (b *builder) datedLog(doc ast.Node, level int) (n, past int) {
	if hasCheckbox(b.src) {
		return 0, 0
	}
	items := 0
	in := false
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			if h.Level < level {
				in = false
			}
			if h.Level != level {
				continue
			}
			if _, ok := readDate(b.trimmedText(h)); !ok {
				return 0, 0
			}
			n++
			in = true
			continue
		}
		l, ok := c.(*ast.List)
		if !ok || !in {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			items++
			f := strings.Fields(plainText(it, b.src))
			if len(f) > 0 && len(f[0]) > 3 && strings.HasSuffix(f[0], "ed") {
				past++
			}
		}
	}
	if items == 0 || 2*past < items {
		return 0, 0
	}
	return n, past
}

// boxTitles counts the document's checkboxes and the distinct texts they
// tick.
func (b *builder) boxTitles(doc ast.Node) (n, distinct int) {
	seen := map[string]bool{}
	_ = ast.Walk(doc, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if cb, ok := c.(*east.TaskCheckBox); ok && entering {
			n++
			t := strings.ToLower(strings.TrimSpace(plainText(cb.Parent(), b.src)))
			if !seen[t] {
				seen[t] = true
				distinct++
			}
		}
		return ast.WalkContinue, nil
	})
	return n, distinct
}

// boxTotals counts the document's ticked and open checkboxes, wherever
// they stand.
func (b *builder) boxTotals(doc ast.Node) (checked, unchecked int) {
	var first Pos
	b.countBoxes(doc, &checked, &unchecked, &first)
	return checked, unchecked
}

// anyProgress reports whether anything in the document says how its work
// stands: a ticked box, or a heading marked done or under way.
func (b *builder) anyProgress(doc ast.Node) bool {
	if checked, _ := b.boxTotals(doc); checked > 0 {
		return true
	}
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			if _, done, progress, _ := headingMarkers(b.trimmedText(h)); done != "" || progress != "" {
				return true
			}
		}
	}
	return false
}

// questionBoxes counts the checkbox items of doc, those whose first line
// ends in a question mark, and those ticked; line is the first question's.
func (b *builder) questionBoxes(doc ast.Node) (questions, boxes, ticked, line int) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Kind() != ast.KindListItem {
			return ast.WalkContinue, nil
		}
		t, ok := b.readItemText(n)
		if !ok || !t.box {
			return ast.WalkContinue, nil
		}
		boxes++
		if checked, _ := itemChecked(n); t.done || checked {
			ticked++
		}
		if q := strings.TrimRight(t.text, " *_"); strings.HasSuffix(q, "?") || strings.HasSuffix(q, "？") {
			if questions == 0 {
				line = b.p.Position(b.blockStart(n)).Line
			}
			questions++
		}
		return ast.WalkContinue, nil
	})
	return questions, boxes, ticked, line
}

// roleSection finds a section that names an agent's role ("## AI Role",
// "## Role", "## Your Role", "## Persona") whose first paragraph opens
// with "You are": its heading, line and that sentence, "" when there is
// none.
func (b *builder) roleSection(doc ast.Node) (head string, line int, role string) {
	if !bytes.Contains(b.src, []byte("You are ")) {
		return "", 0, "" // most documents: no walk over their headings
	}
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		if !ok || h.Level < 2 {
			continue
		}
		switch normalHeading(b.trimmedText(h)) {
		case "ai role", "role", "your role", "persona", "agent role":
		default:
			continue
		}
		par, ok := h.NextSibling().(*ast.Paragraph)
		if !ok {
			continue
		}
		t := strings.TrimSpace(plainText(par, b.src))
		if strings.HasPrefix(t, "You are ") {
			first, _, _ := strings.Cut(t, ".")
			return b.trimmedText(h), b.p.Position(b.blockStart(h)).Line, first
		}
	}
	return "", 0, ""
}

// gateLead returns the paragraph that introduces every list of checkboxes
// of the document, when each says they are checked before something done
// again and again ("Before merging any change:", "Before each release:");
// "" when a list has no such paragraph.
func (b *builder) gateLead(doc ast.Node) string {
	lead := ""
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		l, ok := n.(*ast.List)
		if !ok || b.boxCount(l) == 0 {
			continue
		}
		par, ok := l.PreviousSibling().(*ast.Paragraph)
		if !ok {
			return ""
		}
		text := strings.TrimSpace(plainText(par, b.src))
		low := strings.ToLower(text)
		if !strings.HasSuffix(text, ":") || !(strings.HasPrefix(low, "before ") || strings.HasPrefix(low, "prior to ")) {
			return ""
		}
		if lead == "" {
			lead = text
		}
	}
	return lead
}

// setupSection reports a section, numbered or not, that tells a reader how
// to set something up ("2. Setup", "Installation", "快速开始").
func setupSection(text string) bool {
	h := normalHeading(text) // "2. Setup" is "setup"
	return slices.Contains([]string{"setup", "set up", "installation", "install", "getting started", "quick start", "quickstart",
		"安装", "安裝", "快速开始", "快速開始", "环境配置", "セットアップ", "インストール", "설치", "instalación", "instalação", "installation et configuration"}, h)
}

// argumentsHeading reports a section that lists a command's arguments
// ("## Arguments", "## Command Arguments").
func argumentsHeading(h string) bool { return h == "arguments" || h == "command arguments" }

// firstHead returns the first of the document's section headings, by
// line, whose normalised text matches, as written, with its line; 0 when
// none does.
func (b *builder) firstHead(doc ast.Node, sig docSignals, match func(string) bool) (string, int) {
	_, first := sig.first(match)
	if first == 0 {
		return "", 0
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && b.p.Position(b.blockStart(h)).Line == first {
			return b.trimmedText(h), first
		}
	}
	return "", 0
}

// doneWorkSection reports a section heading that names work already done
// ("What was done", "Changes made", "Những gì đã thực hiện", "实现内容").
func doneWorkSection(text string) bool {
	h := normalHeading(text)
	for _, k := range docKinds {
		if k.kind == "a report of work done" && slices.Contains(k.heads, h) {
			return true
		}
	}
	if strings.Contains(h, "미완료") {
		return false // "미완료된 작업": work not yet done
	}
	return containsAny(h, []string{"những gì đã thực hiện", "đã thực hiện", "đã hoàn thành", "已完成的工作", "实现内容", "完成内容", "実装内容", "実施内容",
		"완료된 작업", "完了した作業", "o que foi feito", "lo que se hizo", "was wurde umgesetzt", "ce qui a été fait", "what was implemented", "what we did",
		"完成情况", "完成情況", "完成状況", "task completion", "completion status", "implementation status", "tasks completed", "completed tasks"})
}

// learningHeads are sections only material for learners has.
var learningHeads = []string{"learning goals", "learning objectives", "learning outcomes", "what you will learn", "what you'll learn",
	"lernziele", "objetivos de aprendizaje", "objetivos de aprendizagem", "objectifs d'apprentissage", "学习目标", "学習目標",
	"今日のゴール", "本日のゴール", "today's goals", "today's goal", "goals for today", "今天的目标", "本节目标"}

// exercise says, with its evidence, whether the document is an exercise or
// lab for learners: a section of learning goals, and a title that says lab,
// exercise or workshop or a section of exercises; "" when it is not.
func (s docSignals) exercise() string {
	goals := s.present(learningHeads)
	if len(goals) == 0 {
		return ""
	}
	if hasAnyWord(s.title, []string{"lab", "exercise", "exercises", "workshop", "kata", "assignment", "homework", "übung", "ejercicio", "exercício", "练习", "演習"}) {
		return fmt.Sprintf("its title %q and %s", s.title, goals[0])
	}
	if more := s.present([]string{"exercises", "stretch exercises", "practice", "self-check", "quiz"}); len(more) > 0 {
		return goals[0] + ", " + more[0]
	}
	if more := s.containing([]string{"追加課題", "演習", "練習問題", "练习", "课后作业"}); more != "" {
		return goals[0] + ", " + more // "## 4️⃣ 難易度別の追加課題": assignments by difficulty
	}
	return ""
}

// containing is the first section heading, quoted with its line, that holds
// one of words (for names written without spaces, as Japanese and Chinese
// write them); "" when none does.
func (s docSignals) containing(words []string) string {
	name, at := s.first(func(h string) bool { return containsAny(h, words) })
	if at == 0 {
		return ""
	}
	return fmt.Sprintf("%q (line %d)", name, at)
}

// first is the first section heading by line, normalised, that matches,
// with its line; 0 when none does.
func (s docSignals) first(match func(string) bool) (name string, at int) {
	for h, line := range s.heads {
		// A heading known also without its note has two names at one
		// line: the shorter one wins, whatever the map's order.
		if match(h) && (at == 0 || line < at || line == at && len(h) < len(name) || line == at && len(h) == len(name) && h < name) {
			name, at = h, line
		}
	}
	return name, at
}

// unnumbered is the evidence with each heading's closing number dropped:
// "Example 1" and "Example 2" are one heading told twice.
func unnumbered(evidence []string) []string {
	out := make([]string, len(evidence))
	for i, e := range evidence {
		text, _, _ := strings.Cut(e, " (line ")
		out[i] = strings.TrimRight(strings.Trim(text, `"`), " 0123456789")
	}
	return out
}

// distinctHeads counts the different headings among evidence, each
// written `"Text" (line N)`.
func distinctHeads(evidence []string) int {
	seen := map[string]bool{}
	for _, e := range evidence {
		text, _, _ := strings.Cut(e, " (line ")
		seen[strings.ToLower(text)] = true
	}
	return len(seen)
}

// unitsCarryWork reports whether any unit of a heading reading has a list
// in its section.
func (b *builder) unitsCarryWork(doc ast.Node, c *Candidate) bool {
	lines := map[int]bool{}
	for _, l := range c.First {
		lines[l] = true
	}
	in := false
	level := 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			if lines[b.p.Position(b.blockStart(h)).Line] || (in && h.Level > level) {
				if !in {
					level = h.Level
				}
				in = true
				continue
			}
			in = false
			continue
		}
		if in {
			switch n.Kind() {
			case ast.KindList, ast.KindFencedCodeBlock:
				return true
			}
		}
	}
	return false
}

// refuse reports that the document is not a plan, naming the closest
// reading and why it was not taken.
func (b *builder) refuse(none *Candidate, cands []*Candidate) {
	file := b.p.File
	if none.Score >= scoreDeclared {
		b.p.errorf(Pos{Line: 1, Col: 1}, "%s is not a plan: %s (declare another reading to compile it)", file, none.Why)
		return
	}
	msg := fmt.Sprintf("%s is not a plan: %s", file, none.Why)
	for _, c := range cands {
		if c == none || c.Name == "none" {
			continue
		}
		at := ""
		if len(c.First) > 0 {
			at = fmt.Sprintf(", first at line %d", c.First[0])
		}
		msg += fmt.Sprintf("; the closest reading, %s (%s%s), was not taken; if it is a plan, declare that reading in its front matter: %s", c.Description, unitCount(c.Units), at, c.Declare)
		break
	}
	b.p.errorf(Pos{Line: 1, Col: 1}, "%s", msg)
}

// stepHeadings counts the headings that open with a step word ("## Step
// 1: Environment Setup"): a tutorial's steps, when its title says it is
// one.
func (b *builder) stepHeadings(doc ast.Node) int {
	n, _ := b.countSteps(doc)
	return n
}

// exerciseHeads counts the headings of doc that set an exercise
// ("### Exercise 2: Implement state put and history"), with the first
// one's line.
func (b *builder) exerciseHeads(doc ast.Node) (n, line int) {
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			// "Exercise 2: …", "练习一": the word and a number ("Exercise
			// the database failover" is work).
			if _, rest, ok := matchWord(b.trimmedText(h), []string{"exercise", "übung", "ejercicio", "exercice", "exercício", "练习", "演習", "연습"}); ok && numberFirst(strings.TrimSpace(rest)) {
				if n++; n == 1 {
					line = b.p.Position(b.blockStart(h)).Line
				}
			}
		}
	}
	return n, line
}

// numberFirst reports s opening with a number, in digits or in Chinese
// numerals ("2: Implement", "一：…").
func numberFirst(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9' || hanNumber(s) != ""
}

// countSteps counts the step headings of doc ("### Schritt 4:
// Registrierung (automatisch)"), and those of them that say they happen
// by themselves.
func (b *builder) countSteps(doc ast.Node) (steps, automatic int) {
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			t := b.trimmedText(h)
			if w, _, ok := matchWord(t, []string{"step", "schritt", "paso", "passo", "étape", "шаг", "步骤", "ステップ", "단계"}); ok && w != "" {
				steps++
				if containsAny(strings.ToLower(t), []string{"(automatic", "(automatisch", "(automático", "(automatico", "(automatique", "(auto)", "（自动", "(自动", "（自動", "(自動"}) {
					automatic++
				}
			}
		}
	}
	return steps, automatic
}

// stepsWord reports a heading reading whose units are steps ("## Step
// {n}: {title}"): the form of a procedure as much as of a plan.
func stepsWord(c *Candidate) bool {
	for _, w := range []string{" Step {n}", " Stage {n}", " Étape {n}", " Paso {n}", " Passo {n}", " Schritt {n}", " Шаг {n}"} {
		if strings.Contains(c.Declare, w) {
			return true
		}
	}
	return false
}

// workUnits reports a reading of three or more headings whose word names
// a piece of work, not a stage of something ("### Task 2.3: Add
// classify_message" under "## Phase 2", "### PR 4: ..."): a design
// document that ends in them plans its work, though each says what to do
// in a sentence, with no list under it.
func workUnits(c *Candidate) bool {
	if c.Name != "headings" || c.Units < 3 {
		return false
	}
	declare := strings.ToLower(c.Declare) // the word as the plan writes it
	for _, w := range []string{" task {n}", " story {n}", " pr {n}", " pull request {n}", " merge request {n}", " work package {n}"} {
		if strings.Contains(declare, w) {
			return true
		}
	}
	return false
}

// unitsWord names what a reading's units are, for a refusal.
func unitsWord(c *Candidate) string {
	switch c.Name {
	case "table":
		return "rows"
	case "items":
		return "list items"
	case "headings", "phases":
		return "headings"
	}
	return "items"
}

func unitCount(n int) string {
	switch {
	case n < 0:
		return "units counted when read"
	case n == 1:
		return "1 unit"
	}
	return fmt.Sprintf("%d units", n)
}

// unitSection is the text of the heading above the first unit of heading
// reading c, "" when there is none.
func (b *builder) unitSection(doc ast.Node, c *Candidate) string {
	if len(c.First) == 0 {
		return ""
	}
	var above []*ast.Heading
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		if b.p.Position(b.blockStart(h)).Line == c.First[0] {
			for i := len(above) - 1; i >= 0; i-- {
				if above[i].Level < h.Level && above[i].Level > 1 {
					return b.trimmedText(above[i])
				}
			}
			return ""
		}
		above = append(above, h)
	}
	return ""
}

// sectionAbove is the text of the last heading below the title (level 2
// or deeper) before line, "" for none.
func (b *builder) sectionAbove(doc ast.Node, line int) string {
	var above *ast.Heading
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok || h.Level < 2 {
			continue
		}
		if b.p.Position(b.blockStart(h)).Line >= line {
			break
		}
		above = h
	}
	if above == nil {
		return ""
	}
	return b.trimmedText(above)
}

// nextStepsHeading reports a heading that names a document's next steps
// ("Next Steps", "下一步计划", "次のステップ").
func nextStepsHeading(text string) bool {
	h := normalHeading(text)
	for _, w := range []string{"next steps", "下一步", "后续计划", "后续步骤", "後續計劃", "后续改进", "後續改進", "未来改进", "未來改進", "향후 개선", "今後の改善", "次のステップ", "今後の予定", "próximos pasos", "prochaines étapes", "nächste schritte", "próximos passos"} {
		if strings.HasPrefix(h, w) {
			return true
		}
	}
	return false
}

// versionPlaceholder is a version written as a placeholder ("vX.Y.Z",
// "x.y.z", "<version>"), as a procedure for any release writes it.
var versionPlaceholder = lazyMustCompile(`\bv?(X\.Y\.Z|x\.y\.z)\b|<version>|\{version\}`)

// routine says why a checklist is a routine, "" when it is not one: its
// title names a checklist, a section of it says when to go through it
// again ("Before Committing Any Changes", "After each deploy"), and no
// checkbox in the whole document records a pass.
func (b *builder) routine(doc ast.Node, sig docSignals) string {
	if !checklistTitle(sig.title) {
		return ""
	}
	if heading, line := sig.first(routineHeading); line > 0 && !hasCheckbox(b.src) {
		return fmt.Sprintf("the section %q at line %d", heading, line)
	}
	if b.tickedBox(doc) {
		return ""
	}
	if line, fill := b.boxPlaceholders(doc); line > 0 {
		// "- [ ] ledger 작성 (`runtime/state/{NAME}-ledger.jsonl`)":
		// the boxes name whatever the next use is about.
		return fmt.Sprintf("its boxes, the first at line %d, leave %q to fill in", line, fill)
	}
	// "Use this checklist for EVERY change to ensure nothing breaks.":
	// a paragraph before the first section and the first list says so.
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level >= 2 || c.Kind() == ast.KindList {
			break
		}
		par, ok := c.(*ast.Paragraph)
		if !ok {
			continue
		}
		for _, sen := range sentences(plainText(par, b.src)) {
			if routineWords.MatchString(sen) || newThing(sen) {
				return fmt.Sprintf("its line %d (%q)", b.p.Position(b.blockStart(par)).Line, strings.TrimSpace(sen))
			}
		}
	}
	return ""
}

// newThingRE says a checklist is used for each new thing: "Use this
// checklist when adding a new service". The thing is named after "new".
var newThingRE = lazyMustCompile(`(?i)\b(?:use|follow|run through|go through|apply)\s+this\s+(?:checklist|check list|list)\s+(?:when|whenever)\s+(?:you\s+)?(?:adding|add|creating|create|introducing|introduce)\s+(?:a\s+|an\s+)?new\s+(\w+)`)

// newThing reports a sentence that says a checklist is used for each new
// thing, not for each new task or item of its own.
func newThing(sen string) bool {
	m := newThingRE.FindStringSubmatch(sen)
	return m != nil && !slices.Contains([]string{"task", "tasks", "item", "items", "entry", "entries", "box", "boxes", "step", "steps"}, strings.ToLower(m[1]))
}

// containsFoldAny reports whether text holds one of the ASCII words, case
// aside, with no copy of text (it runs on every heading).
func containsFoldAny(text string, words []string) bool {
	for _, w := range words {
		for i := 0; i+len(w) <= len(text); i++ {
			if strings.EqualFold(text[i:i+len(w)], w) {
				return true
			}
		}
	}
	return false
}

// checklistTitle reports a title that names a checklist, in English or
// another language plans are written in.
func checklistTitle(title string) bool {
	return hasAnyWord(title, []string{"checklist", "check list"}) || containsAny(strings.ToLower(title), checklistWords)
}

// checklistWords name a checklist in the languages plans are written in.
var checklistWords = []string{"체크리스트", "チェックリスト", "检查清单", "檢查清單", "检查表", "lista de verificación", "lista de verificação", "liste de contrôle", "prüfliste", "чек-лист", "чеклист"}

// boxPlaceholderRE is a placeholder in upper case between braces
// ("{NAME}", "{SERVICE}"), left to fill in at each use; not a shell's
// variable ("${DATABASE_URL}"). ("<VERSION>" in a
// release checklist is left out: hand readers count such a checklist as
// the plan of one release.)
var boxPlaceholderRE = lazyMustCompile(`(?:^|[^$A-Za-z0-9_])\{[A-Z][A-Z_]{2,}\}`)

// boxPlaceholders finds the open checkbox items of doc, two or more, whose
// line holds a placeholder to fill in: the line of the first and its
// placeholder, or 0. A box in a fenced sample is no item.
func (b *builder) boxPlaceholders(doc ast.Node) (int, string) {
	n, first, fill := 0, 0, ""
	_ = ast.Walk(doc, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		it, ok := c.(*ast.ListItem)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		if t, ok := b.readItemText(it); !ok || !t.box || t.done {
			return ast.WalkContinue, nil
		}
		start := lineStart(b.src, max(b.blockStart(it), 0))
		line := string(b.src[start:lineEnd(b.src, start)])
		for _, loc := range boxPlaceholderRE.FindAllStringIndex(line, -1) {
			m := line[loc[0]:loc[1]]
			m = m[strings.IndexByte(m, '{'):]
			if strings.HasSuffix(m, "ID}") {
				continue // "/orgs/{ORG_ID}": a path's parameter, not a blank
			}
			if n++; n == 1 {
				first, fill = b.p.Position(start).Line, m
			}
			break
		}
		return ast.WalkContinue, nil
	})
	if n < 2 {
		return 0, ""
	}
	return first, fill
}

// routineWords say a checklist is gone through again each time: "Use
// this checklist for every change", "Run through this list before each
// release". (newThing reads "Use this checklist when adding a new
// service".)
var routineWords = lazyMustCompile(`(?i)\bthis\s+(?:checklist|check list|list)\b.*(?:\b(?:for|before|after|on)\s+(?:every|each|any)\s+(?:single\s+)?(?:change|commit|release|deploy|deployment|pr|pull request|merge|session|task|feature)\b)`)

// tickedBox reports whether any checkbox of the document is ticked.
func (b *builder) tickedBox(doc ast.Node) bool {
	checked, _ := b.boxTotals(doc)
	return checked > 0
}

// unitsHoldOpenBoxes reports whether an open checkbox stands in the
// sections of c's heading units: work still to do under the fix's own
// steps, which no write-up of a fix made leaves (its "## Prevention"
// boxes are advice, and do not count).
func (b *builder) unitsHoldOpenBoxes(doc ast.Node, c *Candidate) bool {
	if len(c.First) == 0 || c.level == 0 {
		return false
	}
	in := false
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			switch line := b.p.Position(b.blockStart(h)).Line; {
			case h.Level == c.level && line >= c.First[0]:
				in = true
			case h.Level <= c.level:
				in = false
			}
			continue
		}
		if in && n.Kind() == ast.KindList {
			var checked, open int
			var first Pos
			b.countBoxes(n, &checked, &open, &first)
			if open > 0 {
				return true
			}
		}
	}
	return false
}

// routineHeading reports a normalised heading that says its section is gone
// through at every change: "before committing any changes", "after each
// deploy", "before every release".
func routineHeading(h string) bool {
	f := strings.Fields(h)
	if len(f) < 3 || f[0] != "before" && f[0] != "after" {
		return false
	}
	return slices.ContainsFunc(f[1:], func(w string) bool { return w == "any" || w == "every" || w == "each" })
}

// releaseProcedure says, quoting it with its line, where a document whose
// title names releasing (and not a plan or roadmap) writes its version as
// a placeholder; "" when it does not.
func (b *builder) releaseProcedure(title string) string {
	if !hasAnyWord(title, []string{"release", "releases", "releasing", "publish", "publishing"}) || hasAnyWord(title, ownPlanWords) || hasAnyWord(title, []string{"fix", "fixes"}) {
		return ""
	}
	loc := versionPlaceholder.FindIndex(b.src)
	if loc == nil {
		return ""
	}
	return fmt.Sprintf("%q at line %d", b.src[loc[0]:loc[1]], b.p.Position(loc[0]).Line)
}

// argumentsPlaceholder returns the line of the first "$ARGUMENTS" (or
// "$Argument") an agent tool's command substitutes, written in the
// document's text rather than quoted as code: a plan that changes such a
// command names it in backticks (`$ARGUMENTS`), the command itself does
// not. The line is 0 when there is none.
func (b *builder) argumentsPlaceholder(doc ast.Node) (line int, word string) {
	if !bytes.Contains(b.src, []byte("$ARGUMENT")) && !bytes.Contains(b.src, []byte("$Argument")) {
		return 0, ""
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if line > 0 {
			return ast.WalkStop, nil
		}
		if !entering {
			return ast.WalkContinue, nil
		}
		if n.Kind() == ast.KindCodeSpan {
			return ast.WalkSkipChildren, nil
		}
		if t, ok := n.(*ast.Text); ok {
			seg := t.Segment.Value(b.src)
			i := bytes.Index(seg, []byte("$ARGUMENT"))
			if i < 0 {
				i = bytes.Index(seg, []byte("$Argument"))
			}
			if i >= 0 {
				line = b.p.Position(t.Segment.Start + i).Line
				word = string(seg[i:])
				if end := bytes.IndexFunc(seg[i+1:], func(r rune) bool { return !unicode.IsLetter(r) }); end >= 0 {
					word = string(seg[i : i+1+end])
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return line, word
}

// templateTagRE matches a template language's control tag ("{% if
// attempt %}", "{%- for x in xs -%}"); templateFillRE a placeholder it
// fills ("{{ issue.title }}").
var (
	templateTagRE  = lazyMustCompile(`\{%-?\s*(?:if|for|unless|elif|else|endif|endfor)\b`)
	templateFillRE = lazyMustCompile(`\{\{-?\s*[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*\s*-?\}\}`)
)

// templateTags counts, in the lines of the document's top-level paragraphs
// and headings (not its code blocks, nor what lists and quotes hold), the
// control tags and the placeholders of a template language, with the line
// of the first tag and the first placeholder as written. It reads whole
// lines: goldmark splits its text at "_", so "{{ issue_title }}" is never
// one text node.
func (b *builder) templateTags(doc ast.Node) (line, tags, fills int, first string) {
	if !bytes.Contains(b.src, []byte("{%")) {
		return 0, 0, 0, ""
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		switch n.Kind() {
		case ast.KindParagraph, ast.KindHeading, ast.KindTextBlock:
		default:
			continue
		}
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			text := string(seg.Value(b.src))
			if t := templateTagRE.FindAllStringIndex(text, -1); len(t) > 0 {
				if tags == 0 {
					line = b.p.Position(seg.Start + t[0][0]).Line
				}
				tags += len(t)
			}
			if f := templateFillRE.FindAllStringIndex(text, -1); len(f) > 0 {
				if fills == 0 {
					first = text[f[0][0]:f[0][1]]
				}
				fills += len(f)
			}
		}
	}
	return line, tags, fills, first
}

// hasAnyPrefix reports whether s opens with one of prefixes.
func hasAnyPrefix(s string, prefixes []string) bool {
	return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(s, p) })
}
