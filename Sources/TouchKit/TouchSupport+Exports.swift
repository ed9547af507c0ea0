// Every layer above TouchKit reads and writes JSON and files, escapes text per sink and
// converts numbers through TouchSupport; importing TouchKit brings it along.
@_exported import TouchSupport
