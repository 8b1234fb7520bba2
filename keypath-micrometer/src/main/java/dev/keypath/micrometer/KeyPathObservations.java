package dev.keypath.micrometer;

/** Names of what this module records: observations of a table's operations and meters of their capacity. */
public final class KeyPathObservations {
    /** The name of the observation of one logical operation of a table. */
    public static final String OPERATION = "keypath.operation";

    private KeyPathObservations() {
    }
}
