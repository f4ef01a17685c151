package sources_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/sources"
)

// Check a proof store that holds nothing yet, as "geister verify --store"
// does.
func ExampleVerifyStore() {
	dir, err := os.MkdirTemp("", "proofs")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	st, err := proofstore.Open(dir, proofstore.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	st.Close()
	check, err := sources.VerifyStore(context.Background(), dir, proofstore.VerifyOptions{Sample: 10, Seed: 1, TTMegabytes: 8})
	if err != nil {
		fmt.Println(err)
		return
	}
	var b strings.Builder
	check.WriteText(&b, false)
	// The time taken varies: masked.
	fmt.Print(regexp.MustCompile(`\([0-9.]+[mµ]?s\)`).ReplaceAllString(strings.ReplaceAll(b.String(), dir, "DIR"), "(T)"))
	fmt.Println(check.OK)
	// Output:
	// proof store DIR: 0 entries read, 0 corrupt; 0 re-searched: 0 confirmed, 0 unconfirmed, 0 disagreements (T): all consistent
	// true
}
