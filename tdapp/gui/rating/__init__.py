"""Tournament > EADiplomacy rating…: the rating table and each board's calculation."""
