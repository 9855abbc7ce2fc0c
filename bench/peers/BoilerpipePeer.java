// A long-lived boilerpipe process for the bench's peers group (bench/boilerpipe.js drives it).
// Protocol, one line per request on the first named pipe, one line per answer on the second:
//   load <path>   read a UTF-8 page (decoded by the bench outside the timed loop)  -> its index
//   x <index>     ArticleExtractor on that page                                     -> length of the text
//   quit
// Only extraction runs per request: the pages are held as strings, like the other peers' inputs.
import de.l3s.boilerpipe.extractors.ArticleExtractor;
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public final class BoilerpipePeer {
  public static void main(String[] args) throws Exception {
    List<String> pages = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(new FileInputStream(args[0]), StandardCharsets.UTF_8));
         PrintWriter out = new PrintWriter(new OutputStreamWriter(new FileOutputStream(args[1]), StandardCharsets.UTF_8))) {
      for (String line; (line = in.readLine()) != null; ) {
        if (line.startsWith("load ")) {
          pages.add(Files.readString(Path.of(line.substring(5)), StandardCharsets.UTF_8));
          out.println(pages.size() - 1);
        } else if (line.startsWith("x ")) {
          String text;
          try {
            text = ArticleExtractor.INSTANCE.getText(pages.get(Integer.parseInt(line.substring(2))));
          } catch (Exception e) {
            text = null; // a page boilerpipe cannot parse: answered as -1, counted as an error by the bench
          }
          out.println(text == null ? -1 : text.length());
        } else if (line.equals("quit")) {
          break;
        }
        out.flush();
      }
    }
  }
}
