package org.attentionexplainer.ui.walkthrough;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.lesson.TrainableAttention;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.Test;

/** Steps 5–7: the textbook's numbers from seed 789, editing and re-seeding the weights. */
class TrainableViewModelTest {
    private final AppContext context = TestContexts.english();
    private final TrainableViewModel model = new TrainableViewModel(context);

    private TrainableAttention result() {
        return model.resultProperty().get();
    }

    @Test
    void seed789GivesTheTextbooksNumbers() {
        assertEquals(789, model.seedProperty().get());
        assertEquals(1, model.selectedProperty().get(), "journey, as in the book");
        assertArrayEquals(new double[] {0.9091, -0.4471}, result().queries().row(1), 5e-5);
        assertArrayEquals(new double[] {-0.0739, 0.0713}, result().context().row(0), 5e-5);
        assertArrayEquals(new double[] {-0.0748, 0.0703}, result().context().row(1), 5e-5);
        assertEquals(1 / Math.sqrt(2), result().scale(), 1e-9);
    }

    @Test
    void anotherSeedDrawsPyTorchsWeightsForIt() {
        assertTrue(model.reseed("123"));
        // PyTorch: torch.manual_seed(123); nn.Linear(3, 2, bias=False).weight.T (query, then key)
        assertArrayEquals(new double[] {-0.2354, 0.2177, 0.0191, -0.4919, -0.2867, 0.4232},
                result().weights().query().data(), 5e-5);
        assertArrayEquals(new double[] {-0.4196, 0.2615, -0.4590, -0.2133, -0.3648, 0.2161},
                result().weights().key().data(), 5e-5);
        assertEquals(123, model.seedProperty().get());
    }

    @Test
    void aSeedThatIsNotANumberIsRefused() {
        assertFalse(model.reseed("abc"));
        assertFalse(model.reseed("-1"));
        assertTrue(model.seedErrorProperty().get().contains("abc") || model.seedErrorProperty().get().contains("-1"));
        assertEquals(789, model.seedProperty().get());
        assertArrayEquals(new double[] {-0.0739, 0.0713}, result().context().row(0), 5e-5);
        assertTrue(model.reseed("789"));
        assertEquals("", model.seedErrorProperty().get());
    }

    @Test
    void anEditedWeightChangesTheQueries() {
        assertTrue(model.queryWeights().editValue(0, 0, "0"));
        // q_journey,1 = 0.55×0 + 0.87×0.4568 + 0.66×0.5118 = 0.7352
        assertEquals(0.7352, result().queries().get(1, 0), 2e-4);
        assertFalse(model.queryWeights().editValue(0, 1, "x"));
        model.reset();
        assertArrayEquals(new double[] {0.9091, -0.4471}, result().queries().row(1), 5e-5);
    }

    @Test
    void anEditedSentenceRecomputes() {
        assertTrue(model.sentence().editValue(0, 0, "0"));
        assertEquals(0.0, result().tokens().get(0).value(0));
        model.sentence().addRow();
        assertEquals(7, result().size());
        for (int i = 0; i < 7; i++) {
            double sum = 0;
            for (double w : result().attention().row(i)) {
                sum += w;
            }
            assertEquals(1.0, sum, 1e-5);
        }
    }

    @Test
    void aResetCanBeUndoneWithTheLearnersSentenceWeightsAndSeed() {
        model.sentence().addRow();
        assertTrue(model.reseed("123"));
        assertTrue(model.queryWeights().editValue(0, 0, "1.5"));
        model.selectedProperty().set(6);
        model.reset();
        assertEquals(789, model.seedProperty().get());
        assertEquals(6, model.sentence().rows().size());
        assertTrue(model.undoResetAvailableProperty().get());
        model.undoReset();
        assertEquals(7, model.sentence().rows().size());
        assertEquals(123, model.seedProperty().get());
        assertEquals(1.5, model.queryWeights().rows().get(0).values()[0]);
        assertEquals(6, model.selectedProperty().get());
        assertEquals(7, result().size());
        assertFalse(model.undoResetAvailableProperty().get());
    }
}
