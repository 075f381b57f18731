"""Everything Qt: the main window and its pages, dialogs, table models, and the controllers that
connect them to the services (see ``tdapp.gui.controller.AppController``)."""
