package dev.keypath.export;

/**
 * What an import did. Immutable.
 *
 * @param exportId    the export imported
 * @param written     items written by this run
 * @param passedOver  items a checkpoint showed stored by an earlier run, not written again
 * @param dataFiles   data files in the export
 */
public record ImportResult(String exportId, long written, long passedOver, int dataFiles) {
}
