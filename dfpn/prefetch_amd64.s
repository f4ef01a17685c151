#include "textflag.h"

// func prefetchBucket(b []entry)
TEXT ·prefetchBucket(SB), NOSPLIT|NOFRAME, $0-24
	MOVQ b_base+0(FP), AX
	PREFETCHT0 (AX)
	PREFETCHT0 64(AX)
	RET
