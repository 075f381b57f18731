"""The game views: order entry, adjudication and the map of the board."""
