package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Which OpenBLAS kernels the engine asks for, from /proc/cpuinfo texts of real machines (shortened). */
class NativeThreadsTest {
    private static String cpu(String vendor, int family, String flags) {
        return "processor\t: 0\nvendor_id\t: " + vendor + "\ncpu family\t: " + family + "\nmodel name\t: test\n"
                + "flags\t\t: " + flags + "\nbugs\t\t: none\n\nprocessor\t: 1\n";
    }

    @Test
    void amdWithAvx512GetsTheAvx512Kernels() {
        // Zen 4 (EPYC 9004 / Ryzen 7000)
        String zen4 = cpu("AuthenticAMD", 25, "fpu sse sse2 avx fma avx2 avx512f avx512dq avx512ifma avx512cd avx512bw"
                + " avx512vl avx512_bf16 avx512vbmi");
        assertEquals("SkylakeX", NativeThreads.openBlasCoreType(zen4));
    }

    @Test
    void otherCpusKeepOpenBlasOwnChoice() {
        // Zen 3: AVX2 only
        assertNull(NativeThreads.openBlasCoreType(cpu("AuthenticAMD", 25, "fpu sse sse2 avx fma avx2 bmi2")));
        // an AMD CPU with only some AVX-512 subsets (avx512vl missing)
        assertNull(NativeThreads.openBlasCoreType(cpu("AuthenticAMD", 26, "avx2 avx512f avx512cd avx512bw avx512dq")));
        // "avx512vl" must be a whole flag, not part of another
        assertNull(NativeThreads.openBlasCoreType(cpu("AuthenticAMD", 26,
                "avx2 avx512f avx512cd avx512bw avx512dq avx512vlx")));
        // Intel's AVX-512 CPUs OpenBLAS recognises itself
        assertNull(NativeThreads.openBlasCoreType(cpu("GenuineIntel", 6,
                "avx2 avx512f avx512dq avx512cd avx512bw avx512vl")));
        assertNull(NativeThreads.openBlasCoreType(null));
        assertNull(NativeThreads.openBlasCoreType("vendor_id : AuthenticAMD\n"));
    }
}
