"""The progress view: its window, one module per tab, the charts' axes and the PDF report."""
