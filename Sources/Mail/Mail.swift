// Mail
