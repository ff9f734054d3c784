import { DESIGNS } from "~/catalogue";
import { NO_GI_DESIGNS } from "~/catalogue/designs";
import { BRAND } from "~/shared/brand";
import { TextLink } from "~/ui/links";
import { POLICY } from "~/policy/policy";
import type { InfoPageContent } from "./types";

const designNames = NO_GI_DESIGNS.map((id) => DESIGNS[id].name);
const designList = `${designNames.slice(0, -1).join(", ")} and ${designNames.at(-1) ?? ""}`;

function Body() {
  return (
    <>
      <h2>Where we come from</h2>
      <p>
        {BRAND.name} is a small team from Teesside, in the North-East of England. We are training
        partners first: a few of us who roll and pad up together several nights a week, in Brazilian
        jiu-jitsu and Muay Thai.
      </p>
      <p>
        It started with our own academy kit. We wanted rashguards and shorts that looked like our
        gym felt, could take twice-a-day training and didn&apos;t cost a fortune, so we designed
        them ourselves and had a small run printed. Then training partners from other clubs asked
        for their own, and then their kids did. {BRAND.name} grew from there.
      </p>

      <h2>The Grip Is The Truth</h2>
      <p>
        On the mat you can&apos;t fake a grip. It either holds or it doesn&apos;t, and everyone in
        the room can tell. &ldquo;{BRAND.slogan}&rdquo; is our way of saying we hold our kit to the
        same standard: stitched to last through hard rounds and hot washes, sizes that mean what
        they say, prices that are fair, and straight answers when you ask us something.
      </p>

      <h2>What we make</h2>
      <ul>
        <li>
          No-gi sets (a rashguard and grappling shorts) in five designs: {designList}, each one
          rooted in our corner of the country.
        </li>
        <li>
          Pearl-weave BJJ gis, made to order in {POLICY.madeToOrder}, with your name embroidered on
          the lapel if you want it.
        </li>
        <li>
          Satin Muay Thai shorts, heavyweight hoodies and sliders for before and after the mat.
        </li>
        <li>
          The same kit for <TextLink to="/mens">men</TextLink>,{" "}
          <TextLink to="/womens">women</TextLink> and <TextLink to="/kids">kids</TextLink>, with the
          kids&apos; belt ranks on our Ranked Gorilla rashguard.
        </li>
      </ul>

      <h2>How we work</h2>
      <p>
        We make in small batches and much of our range to order, which means less waste and fewer
        boxes of unsold stock. Every design is trained in by us and our partner academies before it
        reaches the shop. When something goes wrong, you deal with the people who made it: e-mails
        are answered by our team, within {POLICY.enquiryReply}.
      </p>

      <h2>Kit for your academy</h2>
      <p>
        Most of what we do still starts with a club. If you run an academy or a fight team and want
        gear in your own colours, see <TextLink to="/customisation">custom academy gear</TextLink>.
        Otherwise, say hello on our <TextLink to="/contact">contact page</TextLink>: we would love
        to hear where you train.
      </p>
    </>
  );
}

export const about: InfoPageContent = {
  title: "About the brand",
  eyebrow: "Info Hub",
  description: `${BRAND.name} is a small Teesside team of BJJ and Muay Thai training partners who started by printing their own academy kit.`,
  lead: "We started on a mat in Teesside, with a handful of training partners who wanted kit that looked the way their gym felt.",
  Body,
};
