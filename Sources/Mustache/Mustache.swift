// Mustache
