"""Controllers: they connect the views' signals to the services, through the AppController."""
