package dev.keypath.benchmarks.readcost;

/** The seven access patterns every library serves on the same data, in the order they run and print. */
enum AccessPattern {
    GET_USER("get user", true),
    USER_AND_LATEST_POSTS("user + latest 20 posts", true),
    COMMENTS_BETWEEN("a post's comments between two timestamps", true),
    NEWEST_BY_TAG("20 newest posts by tag", true),
    POSTS_IN_PAGES("1,000 posts, pages of 100 with tokens", true),
    CREATE_POST("transaction: create a post, count it on the user", false),
    DELETE_POST("delete a post with its comments and reactions", false);

    private final String label;
    private final boolean read;

    AccessPattern(String label, boolean read) {
        this.label = label;
        this.read = read;
    }

    /** The pattern as the tables print it. */
    String label() {
        return label;
    }

    /** True for the patterns that only read; the others write and are undone after each run. */
    boolean read() {
        return read;
    }
}
