package org.attentionexplainer.ui.explorer;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import org.attentionexplainer.export.SessionFiles;
import org.attentionexplainer.export.SpecException;
import org.attentionexplainer.fuzz.ReaderContract;
import org.attentionexplainer.lesson.explorer.Session;
import org.junit.jupiter.api.AfterAll;

/**
 * Opening a session file on any bytes, as the explorer does before it builds anything: the
 * session reader, then the explorer's check of what it can show. A session that passes must
 * write back out. Seeds and past findings: {@code SessionFileFuzzTestInputs/} in the test resources.
 */
class SessionFileFuzzTest {
    private static final ReaderContract CONTRACT = new ReaderContract("session reader", SpecException.class);

    @FuzzTest(maxDuration = "2h")
    void anyTextGivesASessionOrOneLine(byte[] data) throws Exception {
        String text = new String(data, StandardCharsets.UTF_8);
        CONTRACT.read(() -> {
            Session s = SessionFiles.fromJson(text, "s.json");
            ExplorerSessions.check(s);
            return s;
        }, SessionFiles::toJson);
    }

    @AfterAll
    static void report() {
        System.out.println(CONTRACT.summary());
    }
}
