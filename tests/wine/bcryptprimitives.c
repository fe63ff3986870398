/* A stand-in for Windows' bcryptprimitives.dll, for the tests under Wine
 * only (never shipped). Rust's std (1.78 and later) takes its random seeds
 * from ProcessPrng in that DLL, which Wine has only from 8.13 on; Debian's
 * Wine 8.0 lacks it, and the exe then stops before main with c0000135.
 * This one export asks the older RtlGenRandom (advapi32's SystemFunction036),
 * which Wine has always had, for the same bytes.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    /* RtlGenRandom takes a ULONG length: larger requests in pieces. */
    while (length > 0) {
        ULONG piece = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, piece))
            return FALSE;
        data += piece;
        length -= piece;
    }
    return TRUE;
}
