package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.export.AttentionFigure;

/**
 * What the explorer computed for a request: B is the live setting, A the pinned one (or null),
 * and the figure of the view.
 */
record ExplorerResult(ExplorerRequest request, AttentionTrace trace, AttentionTrace traceA, AttentionFigure figure) {
}
