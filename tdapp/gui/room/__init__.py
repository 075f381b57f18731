"""File › Players' page on the venue network…, and the GUI seeing what phones wrote."""
