package dev.keypath;

/** Compares a slice of a CharSequence with a String without copying it. */
final class CharSequenceCompare {
    private CharSequenceCompare() {}

    static int compare(CharSequence s, int start, int end, String other) {
        int n = Math.min(end - start, other.length());
        for (int i = 0; i < n; i++) {
            int d = s.charAt(start + i) - other.charAt(i);
            if (d != 0) {
                return d;
            }
        }
        return (end - start) - other.length();
    }
}
