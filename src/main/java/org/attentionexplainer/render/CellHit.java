package org.attentionexplainer.render;

/**
 * What lies under a point of a figure: a panel, and the cell within it (row and column
 * -1 when the point is on the panel but not on a cell).
 */
public record CellHit(int panel, int row, int col) {
    public boolean onCell() {
        return row >= 0 && col >= 0;
    }
}
