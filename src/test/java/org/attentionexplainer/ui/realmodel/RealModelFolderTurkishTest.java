package org.attentionexplainer.ui.realmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.attentionexplainer.engine.model.TinyModels;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model folder that cannot be opened, in a Turkish window, is refused in Turkish: the missing
 * file or the tensor at fault named, nothing of the English left, and the model shown stays.
 */
class RealModelFolderTurkishTest {
    @TempDir
    Path dir;

    @Test
    void aFolderWithoutWeightsOrWithNanWeightsIsRefusedInTurkish() throws Exception {
        AppContext context = TestContexts.english();
        context.i18n().localeProperty().set(Locale.forLanguageTag("tr"));
        RealModelViewModel vm = new RealModelViewModel(context, TestModels.absent());
        vm.start();
        vm.openFolder(TinyModels.folder("tiny-bert"));
        assertFalse(vm.errorProperty().get(), vm.messageProperty().get());

        Path noWeights = TinyModels.copy("tiny-gpt2", dir.resolve("a"));
        Files.delete(noWeights.resolve("model.safetensors"));
        vm.openFolder(noWeights);
        String m = vm.messageProperty().get();
        assertTrue(vm.errorProperty().get());
        assertTrue(m.contains(noWeights + " içinde model.safetensors yok"), m);
        assertFalse(m.contains("has no"), m);

        Path lying = TinyModels.copy("tiny-gpt2", dir.resolve("b"));
        Path config = lying.resolve("config.json");
        Files.writeString(config, Files.readString(config).replace("\"n_positions\": 24", "\"n_positions\": 20"));
        vm.openFolder(lying);
        m = vm.messageProperty().get();
        assertTrue(m.contains(lying.resolve("model.safetensors") + ": transformer.wpe.weight tensörünün biçimi "
                + "[24, 32], ama config.json [20, 32] istiyor"), m);
        assertEquals("tiny-bert", vm.modelNameProperty().get());
    }
}
