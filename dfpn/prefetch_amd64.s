#include "textflag.h"

// func prefetchBucket(b []entry)
TEXT ·prefetchBucket(SB), NOSPLIT|NOFRAME, $0-24
	MOVQ b_base+0(FP), AX
	PREFETCHT0 (AX)
	PREFETCHT0 64(AX)
	RET

// func prefetchChild(b []entry, w *uint64)
TEXT ·prefetchChild(SB), NOSPLIT|NOFRAME, $0-32
	MOVQ b_base+0(FP), AX
	MOVQ w+24(FP), BX
	PREFETCHT0 (AX)
	PREFETCHT0 64(AX)
	PREFETCHT0 (BX)
	RET

// func prefetchKey(p *uint64)
TEXT ·prefetchKey(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ p+0(FP), AX
	PREFETCHT0 (AX)
	RET
