package study

import (
	"context"

	"github.com/tracelab/tracelab/repro/ledger"
)

// Item is an item method of a paper's Study as Ledger calls it: it
// computes (or returns the memoised) result of one figure or table.
type Item func(context.Context) (ledger.Claimer, error)

// ItemOf adapts an item method, such as (*Study).TableI, to an Item.
func ItemOf[R ledger.Claimer](f func(context.Context) (R, error)) Item {
	return func(ctx context.Context) (ledger.Claimer, error) { return f(ctx) }
}

// Ledger computes the items in order (stopping at the first error or when
// ctx is done) and returns the ledger of paper p with every item's claims:
// the body of a Study's Ledger method.
func Ledger(ctx context.Context, p ledger.Paper, items ...Item) (*ledger.Ledger, error) {
	l := ledger.NewFor(p)
	for _, f := range items {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r, err := f(ctx)
		if err != nil {
			return nil, err
		}
		r.Claims(l)
	}
	return l, nil
}
