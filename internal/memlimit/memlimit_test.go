package memlimit

import (
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	total, ok := TotalMiB()
	if !ok {
		t.Skip("memory size unknown here")
	}
	if total < 64 {
		t.Fatalf("TotalMiB = %d", total)
	}
	if err := Check("--tt", total/2); err != nil {
		t.Errorf("half the memory: %v", err)
	}
	for _, mib := range []int{total + 1, 1 << 40, 0, -5} {
		err := Check("--tt", mib)
		if err == nil || !strings.Contains(err.Error(), "--tt") || !strings.Contains(err.Error(), "MiB") {
			t.Errorf("Check(%d) = %v", mib, err)
		}
	}
}
