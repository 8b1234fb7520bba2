package dev.keypath.cli;

/**
 * Tells whether the JVM lost characters of the command-line arguments. The JVM decodes them with the platform's
 * file-name encoding (from the locale); under a non-UTF-8 locale every other character arrives as U+FFFD, and a
 * key path built from it would be another path. Such an argument is refused, never used.
 */
final class LossyArguments {
    private LossyArguments() {
    }

    /** Why {@code args} cannot be used, or null if they can; {@code encoding} is how the JVM decoded them. */
    static String problem(String[] args, String encoding) {
        for (int i = 0; i < args.length; i++) {
            int at = args[i].indexOf('\uFFFD');
            if (at >= 0 && (encoding == null || !encoding.replace("-", "").equalsIgnoreCase("UTF8"))) {
                return "argument " + (i + 1) + " has a character this JVM could not decode at position " + at
                        + " (it decodes arguments as " + encoding + "; locale LC_ALL=" + env("LC_ALL") + " LANG="
                        + env("LANG") + "): set a UTF-8 locale such as LANG=C.UTF-8, or give the input on standard "
                        + "input with '-', which is always read as UTF-8";
            }
        }
        return null;
    }

    private static String env(String name) {
        String value = System.getenv(name);
        return value == null ? "(unset)" : value;
    }
}
