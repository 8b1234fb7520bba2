package dev.keypath.spark;

/** The row layout of a read, as the driver plans it. Stateless. */
final class ReadPlans {
    private ReadPlans() {
    }

    static ItemRows rows(Object read) {
        return read instanceof TableRead t ? t.rows() : ((ExportRead) read).rows();
    }

    static RowLayout layout(Object read) {
        ItemRows rows = rows(read);
        return RowLayout.of(rows, rows.typeName() == null ? null : TypeClasses.load(rows.typeName()));
    }
}
