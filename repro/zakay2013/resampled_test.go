package zakay2013

import (
	"context"
	"fmt"
	"testing"

	"github.com/tracelab/tracelab/sim/resample"
)

// TestVariantsUnpackedAnew: the validation variants are kept packed, and
// every call unpacks them into logs of the caller's own, equal to the
// first call's whatever a caller did to its logs, and generated with the
// options and seeds variants documents.
func TestVariantsUnpackedAnew(t *testing.T) {
	needData(t)
	ctx := context.Background()
	k := variantsKey{log: "KTH-SP2", start: paperStart}
	first, err := quick.variants(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != quick.validationVariants() {
		t.Fatalf("%d variants, want %d", len(first), quick.validationVariants())
	}
	p, err := quick.pools(k.log)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range first {
		g, err := p.Generate(resample.Options{LongTermStart: paperStart, Seed: v.Options.Seed})
		if err != nil {
			t.Fatal(err)
		}
		g.Trace.Name = v.Trace.Name
		if printedVariant(g) != printedVariant(v) {
			t.Fatalf("variant %d is not the log Generate gives with its seed", i+1)
		}
	}
	want := printedVariant(first[0])
	first[0].Trace.Runtime[0], first[0].Trace.Submit[0], first[0].Source[0] = -1, -1, -1
	again, err := quick.variants(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	if again[0] == first[0] || printedVariant(again[0]) != want {
		t.Fatal("a second call shares its logs with the first")
	}
}

// printedVariant is r as %#v prints it, its trace apart (a pointer):
// NaN columns print alike, which reflect.DeepEqual would not take as
// equal.
func printedVariant(r *resample.Resampled) string {
	c, t := *r, *r.Trace
	c.Trace = nil
	return fmt.Sprintf("%#v\n%#v", c, t)
}
