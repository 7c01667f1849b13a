package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTrapKanbanSections: units kept under board columns ("### Done", "###
// In progress") take the column's status when they say none of their own.
func TestTrapKanbanSections(t *testing.T) {
	src := `## Phase 1: Checkout
### Done
#### Sprint 1.1: Cart model
- Cart table
### In progress
#### Sprint 1.2: Payment form
- Card fields
#### Sprint 1.3: Wallets
**Status**: Blocked
- Apple Pay
### To do
#### Sprint 1.4: Receipts
- Receipt email
`
	assert.Equal(t, `1.1 closed "Cart model"
1.2 in_progress "Payment form"
1.3 blocked "Wallets"
1.4 open "Receipts"
p.md:2:1: warning: the units under "Done" are read as closed, as the heading says: 1.1
p.md:5:1: warning: the units under "In progress" are read as in progress, as the heading says: 1.2
`, reading(Parse("p.md", []byte(src))))

	// A board with no phases, in the shapes reader.
	src = `# Checkout board
## Done
### Step 1: Cart model
- Cart table
## Blocked
### Step 2: Apple Pay
- Merchant id
## Backlog
### Step 3: Receipts
- Receipt email
`
	assert.Equal(t, `1.1 closed "Cart model"
1.2 blocked "Apple Pay"
1.3 open "Receipts"
p.md:2:1: warning: the units under "Done" are read as closed, as the heading says: 1.1
p.md:5:1: warning: the units under "Blocked" are read as blocked, as the heading says: 1.2
`, reading(Parse("p.md", []byte(src))))
}
