/** Line and bar colours of the charts, in order; the last one is the row count's. */
export const PALETTE = ['#0984e3', '#00b894', '#e17055', '#6c5ce7', '#fdcb6e', '#d63031'];
