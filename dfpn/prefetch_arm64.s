#include "textflag.h"

// func prefetchBucket(b []entry)
TEXT ·prefetchBucket(SB), NOSPLIT|NOFRAME, $0-24
	MOVD b_base+0(FP), R0
	PRFM (R0), PLDL1KEEP
	PRFM 64(R0), PLDL1KEEP
	RET

// func prefetchChild(b []entry, w *uint64)
TEXT ·prefetchChild(SB), NOSPLIT|NOFRAME, $0-32
	MOVD b_base+0(FP), R0
	MOVD w+24(FP), R1
	PRFM (R0), PLDL1KEEP
	PRFM 64(R0), PLDL1KEEP
	PRFM (R1), PLDL1KEEP
	RET

// func prefetchKey(p *uint64)
TEXT ·prefetchKey(SB), NOSPLIT|NOFRAME, $0-8
	MOVD p+0(FP), R0
	PRFM (R0), PLDL1KEEP
	RET
