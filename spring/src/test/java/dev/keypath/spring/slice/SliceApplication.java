package dev.keypath.spring.slice;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application of the slice tests: one item type, one repository, one service the slice leaves out. */
@SpringBootApplication
public class SliceApplication {
}
