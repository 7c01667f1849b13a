package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Traps of issue 26 where a Status closed work that is not done. Each plan
// and its reading were written by hand before the compiler ran.

// TestTrapStatusPerPlatform: done for one platform, in progress for the
// other, is in progress.
func TestTrapStatusPerPlatform(t *testing.T) {
	src := `## Phase 1: Mobile
### Sprint 1.1: Push notifications
**Status**: Done for iOS, Android still in progress
- Register device tokens
### Sprint 1.2: Deep links
**Status**: ✅ iOS / ⏳ Android
- Universal links
`
	assert.Equal(t, `1.1 in_progress "Push notifications"
1.2 in_progress "Deep links"
p.md:3:1: warning: Status "Done for iOS, Android still in progress" of sprint 1.1 read as in progress: it says "Done", but also "still": part of the work is not done
p.md:6:1: warning: Status "✅ iOS / ⏳ Android" of sprint 1.2 read as in progress: it says "✅", but also "⏳": part of the work is not done
`, reading(Parse("p.md", []byte(src))))
}

// TestTrapStatusPartDone: a part done and the rest not started is in
// progress.
func TestTrapStatusPartDone(t *testing.T) {
	src := `## Phase 1: Security
### Sprint 1.1: Audit and fixes
**Status**: ✅ Audit done — fixes not started
- Fix the findings
### Sprint 1.2: Rate limits
**Status**: Code complete, QA not started
- Limit per API key
### Sprint 1.3: CSP headers
**Status**: Done — the report-only variant deferred to 2.1
- Strict CSP
`
	assert.Equal(t, `1.1 in_progress "Audit and fixes"
1.2 in_progress "Rate limits"
1.3 closed "CSP headers"
p.md:3:1: warning: Status "✅ Audit done — fixes not started" of sprint 1.1 read as in progress: it says "✅", but also "not started": part of the work is not done
p.md:6:1: warning: Status "Code complete, QA not started" of sprint 1.2 read as in progress: it says "complete", but also "not started": part of the work is not done
p.md:9:1: warning: Status "Done — the report-only variant deferred to 2.1" of sprint 1.3 read as closed: "deferred" speaks of part of the work, so nothing is skipped
`, reading(Parse("p.md", []byte(src))))
}

// TestTrapStatusQuestion: a done word asked, or answered no, is not done.
func TestTrapStatusQuestion(t *testing.T) {
	src := `## Phase 1: Search
### Sprint 1.1: Indexer
**Status**: Finished? Not yet
- Index the catalogue
### Sprint 1.2: Ranking
**Status**: Done, not merged
- Rank by sales
### Sprint 1.3: Synonyms
**Status**: Was blocked, now done
- Synonym lists
### Sprint 1.4: Facets
**Status**: No longer blocked
- Facet counts
`
	assert.Equal(t, `1.1 open "Indexer"
1.2 in_progress "Ranking"
1.3 closed "Synonyms"
1.4 open "Facets"
p.md:3:1: warning: Status "Finished? Not yet" of sprint 1.1 read as open: "Finished?" is a question, answered "Not yet"
p.md:6:1: warning: Status "Done, not merged" of sprint 1.2 read as in progress: it says "Done", but also "not merged": part of the work is not done
`, reading(Parse("p.md", []byte(src))))
}

// TestTrapStatusLanguages: statuses written in Spanish, Portuguese, German
// and French, under their own labels, are read.
func TestTrapStatusLanguages(t *testing.T) {
	src := `## Phase 1: Pagos
### Sprint 1.1: Tarjetas
**Estado**: ✅ Hecho
- Tokenizar tarjetas
### Sprint 1.2: Reembolsos
**Estado**: En progreso
- Reembolsos parciales
### Sprint 1.3: Disputas
**Estado**: Bloqueado por el proveedor
- Subir evidencias
### Sprint 1.4: Cripto
**Estado**: Cancelado
- Pagos con cripto
### Sprint 1.5: Faturas
**Status**: Em andamento
- Gerar faturas
### Sprint 1.6: Rechnungen
**Status**: Erledigt
- Rechnungen als PDF
### Sprint 1.7: Mahnungen
**Status**: Noch nicht begonnen
- Mahnläufe
### Sprint 1.8: Reçus
**Statut**: En cours
- Reçus PDF
`
	assert.Equal(t, `1.1 closed "Tarjetas"
1.2 in_progress "Reembolsos"
1.3 blocked "Disputas"
1.5 in_progress "Faturas"
1.6 closed "Rechnungen"
1.7 open "Mahnungen"
1.8 in_progress "Reçus"
1.4 skipped "Cripto" (Status: Cancelado)
`, reading(Parse("p.md", []byte(src))))
}
