"""The Tournament page, its description form, and File > New tournament."""
