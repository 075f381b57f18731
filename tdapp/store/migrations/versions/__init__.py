"""One module per schema revision; the newest is the head the program writes."""
